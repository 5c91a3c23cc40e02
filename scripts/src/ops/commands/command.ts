import type { Knex } from 'knex';
import { parse } from '../options';
import { printTable, type OpsIo, type ReadFile } from '../output';

/** One ops command: what it is called, how the usage text shows it, and what it does. */
export interface OpsCommand {
  /** The words that name it on the command line: 'mosque list', or 'morning'. */
  name: string;
  /** Its synopsis lines as the usage shows them (the name first; continuation lines keep their indent). */
  usage: string[];
  /** What it does, a line each, under the synopsis. */
  help: string[];
  run: (io: OpsIo, args: string[], read: ReadFile) => Promise<void>;
}

/**
 * A list command over things that are open or closed: `--all` lists every one, else the open ones, a
 * row each; `what` names them in the line printed when there are none ("No open support chats.").
 */
export function openOrAllList<R>(
  what: string,
  list: (db: Knex, o: { all?: boolean }) => Promise<R[]>,
  row: (r: R) => Record<string, unknown>,
) {
  return async (io: OpsIo, args: string[]): Promise<void> => {
    const { values } = parse(args, { all: { type: 'boolean' } });
    const rows = await list(io.db, { all: values.all });
    printTable(io, rows.map(row), values.all ? `No ${what}.` : `No open ${what}.`);
  };
}
