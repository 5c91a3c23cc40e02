// What the ops commands print: text tables, and user text made safe for the operator's terminal.
import type { Knex } from 'knex';
import type { Email, Messaging } from '@fajr/activities/providers';

export interface OpsIo {
  db: Knex;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The e-mail provider (`morning --email`, a mosque request's answer), made on first use. */
  email?: () => Promise<Email>;
  /** The SMS provider (a mosque request's answer), made on first use. */
  messaging?: () => Promise<Messaging>;
  /** The web app's public URL (links in a mosque request's answer). */
  webUrl?: () => Promise<string>;
  /** OPS_REPORT_EMAIL: where `morning` e-mails its report when --email is not given. */
  reportEmail?: string;
}

/** A mistake by the operator: printed as is, exit code 1 (2 for usage errors). */
export class OpsError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}

/** Reads an input file (a timetable CSV); tests pass their own. */
export type ReadFile = (file: string) => Promise<string>;

// C0 and C1 controls, DEL, the backslash itself and the bidirectional overrides: what can move the
// cursor, clear the screen, write the clipboard (OSC 52), plant a hyperlink or reorder a line.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\\\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text that came from users (or the database), as the terminal may show it: each control character
 * written out as \xNN (\uNNNN for the bidirectional ones), a newline as \n, a tab as \t, a backslash
 * doubled, so nothing a user typed can act on the operator's terminal or pass for our own output (issue 42).
 */
export function shown(text: string): string {
  return text.replace(UNSAFE, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    if (c === '\\') return '\\\\';
    const code = c.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`;
  });
}

export function table(rows: Record<string, unknown>[]): string[] {
  if (!rows.length) return [];
  const cols = Object.keys(rows[0]!);
  const text = (v: unknown) =>
    v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : shown(String(v));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => text(r[c]).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(cols), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(cols.map((c) => text(r[c]))))];
}

/** Prints rows as a table, or `none` when there are none. */
export function printTable(io: OpsIo, rows: Record<string, unknown>[], none: string): void {
  if (!rows.length) return io.out(none);
  for (const line of table(rows)) io.out(line);
}

/** An instant to the minute as a list shows it: `2026-11-28 09:05` (UTC). */
export const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
