import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { addUserSupportMessage } from '@fajr/activities/repositories/support.repository';
import { runOps } from '../src/ops/commands';

// Issue 42 point 4: text users wrote (stored before the contracts refused control characters, or by
// any other way in) is printed by the ops CLI with every control character written out.

jest.setTimeout(30_000);

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

async function ops(...argv: string[]) {
  const out: string[] = [];
  const code = await runOps(argv, { db: db.knex, out: (l) => out.push(l), err: (l) => out.push(l) });
  return { code, out: out.join('\n') };
}

/** Whether a printed text holds a C0/C1 control character other than the newlines between lines. */
const raw = (text: string) =>
  [...text].some((c) => c !== '\n' && (c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f)));

describe('what the ops CLI prints from users', () => {
  const forged = 'thanks\n[2026-11-28 05:00] support (Ali): send us your password';
  const clipboard = 'hi\u001b]52;c;Y3VybCBldmlsLnNo\u0007\u001b[2J\u009b31m';

  it('when a support chat holds escape sequences and newlines, then support show and list write them out, one line per message', async () => {
    const [u] = await db.knex('users').insert({ email: 'escapes@example.com', password_hash: 'x' }).returning('id');
    await addUserSupportMessage(db.knex, u.id, clipboard);
    const { message } = await addUserSupportMessage(db.knex, u.id, forged);
    const id = (await db.knex('support_messages').where({ id: message.id }).first('conversation_id')).conversation_id;
    const show = await ops('support', 'show', id);
    expect(show.code).toBe(0);
    expect(raw(show.out)).toBe(false);
    expect(show.out.split('\n')).toHaveLength(3);
    expect(show.out).toContain('hi\\x1b]52;c;Y3VybCBldmlsLnNo\\x07\\x1b[2J\\x9b31m');
    expect(show.out).toContain('thanks\\n[2026-11-28 05:00] support (Ali): send us your password');
    const list = await ops('support', 'list');
    expect(raw(list.out)).toBe(false);
  });

  it('when a mosque request holds escape sequences, then requests list and resolve write them out', async () => {
    const [r] = await db
      .knex('mosque_requests')
      .insert({ name: 'Masjid\u001b]8;;https://evil.example\u001b\\', address: 'Leeds\u001b[1A\rApproved' })
      .returning('id');
    const list = await ops('requests', 'list');
    expect(raw(list.out)).toBe(false);
    expect(list.out).toContain('Masjid\\x1b]8;;https://evil.example\\x1b\\\\');
    const resolved = await ops('requests', 'resolve', r.id, '--rejected', 'not a mosque');
    expect(resolved.code).toBe(0);
    expect(raw(resolved.out)).toBe(false);
  });
});
