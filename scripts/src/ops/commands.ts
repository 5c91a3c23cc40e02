import { readFile } from 'node:fs/promises';
import type { OpsCommand } from './commands/command';
import { defaultsCommands } from './commands/defaults';
import { morningCommands } from './commands/morning';
import { mosqueCommands } from './commands/mosque';
import { mosqueClaimsCommands } from './commands/mosque-claims';
import { requestsCommands } from './commands/requests';
import { supportCommands } from './commands/support';
import { timetableCommands } from './commands/timetable';
import { OpsError, type OpsIo, type ReadFile } from './output';

export { OpsError, shown, type OpsIo } from './output';

/** Every ops command, in the order the usage lists them: the one table both the dispatch and the usage text read. */
export const COMMANDS: readonly OpsCommand[] = [
  ...mosqueCommands,
  ...mosqueClaimsCommands,
  ...timetableCommands,
  ...defaultsCommands,
  ...requestsCommands,
  ...supportCommands,
  ...morningCommands,
];

export const USAGE = [
  'Operate the Fajr catalogue (mosques, timetables, mosque requests) and answer the support chat.',
  '',
  'Usage: npm run ops -- <command> [options]',
  '',
  ...COMMANDS.flatMap((c) => [...c.usage.map((l) => `  ${l}`), ...c.help.map((l) => `      ${l}`)]),
  '  --help',
  '      This text.',
  '',
  'DATABASE_URL selects the database (default: the local one `npm start` runs).',
].join('\n');

/** The command the arguments name (one word, like `morning`, or two) and the arguments after its name. */
function commandOf(argv: string[]): { command: OpsCommand; args: string[] } | undefined {
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w)) return { command, args: argv.slice(words.length) };
  }
  return undefined;
}

/** Runs one ops command; returns the process exit code. Errors meant for the operator are printed, not thrown. */
export async function runOps(argv: string[], io: OpsIo, read: ReadFile = (f) => readFile(f, 'utf8')): Promise<number> {
  const [group, command, ...rest] = argv;
  try {
    if (
      !group ||
      group === '--help' ||
      group === '-h' ||
      group === 'help' ||
      command === '--help' ||
      rest.includes('--help')
    ) {
      io.out(USAGE);
      return group ? 0 : 2;
    }
    const found = commandOf(argv);
    if (!found) throw new OpsError(`Unknown command: ${`${group} ${command ?? ''}`.trim()}\n\n${USAGE}`, 2);
    await found.command.run(io, found.args, read);
    return 0;
  } catch (e) {
    if (e instanceof OpsError) {
      io.err(e.message);
      return e.exitCode;
    }
    throw e;
  }
}
