import type { OpsIo, ReadFile } from '../output';

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
