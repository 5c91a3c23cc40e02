// npm run ops -- timetable updates / approve: years of shipped tables fetched from the authority and held.
import { isUuid } from '@fajr/activities/domain/uuid';
import { approveTimetableUpdate, listHeldUpdates } from '@fajr/activities/repositories/timetable-upkeep.repository';
import { parse } from '../options';
import { OpsError, printTable, type OpsIo } from '../output';
import type { OpsCommand } from './command';

async function timetableUpdates(io: OpsIo, args: string[]) {
  parse(args, {});
  const held = await listHeldUpdates(io.db);
  printTable(
    io,
    held.flatMap((u) =>
      u.problems.slice(0, 5).map((p, i) => ({
        id: i === 0 ? u.id : '',
        table: i === 0 ? u.label : '',
        year: i === 0 ? u.year : '',
        'days off': i === 0 ? u.problems.length : '',
        date: p.date,
        published: p.published,
        method: p.method ?? '–',
        minutes: p.minutes ?? '–',
      })),
    ),
    'No fetched years are held.',
  );
}

async function timetableApprove(io: OpsIo, args: string[]) {
  const { positionals } = parse(args, {});
  const [id] = positionals;
  if (positionals.length !== 1 || !isUuid(id!)) throw new OpsError('Usage: timetable approve <update id>', 2);
  if (!(await approveTimetableUpdate(io.db, id!, new Date())))
    throw new OpsError(`No held year ${id} (npm run ops -- timetable updates lists them)`);
  io.out(`Approved: its days are in the table now and its users are called by them.`);
}

/** Commands over fetched years held for an operator (docs/PRAYER-TIMES.md "Shipped tables"). */
export const timetableUpdateCommands: OpsCommand[] = [
  {
    name: 'timetable updates',
    usage: ['timetable updates'],
    help: [
      "Years of shipped tables fetched from the authority's service (JAKIM's e-Solat) and held because a",
      "day is more than 3 minutes from the method's time: the first such days of each, published and computed.",
    ],
    run: timetableUpdates,
  },
  {
    name: 'timetable approve',
    usage: ['timetable approve <update id>'],
    help: ['Activates a held year after checking it: its days go into the table as published.'],
    run: timetableApprove,
  },
];
