import { RUNNING_OUT_DAYS } from '@fajr/activities/domain/timetable-upkeep';
import {
  listHeldUpdates,
  shippedTimetablesRunningOut,
} from '@fajr/activities/repositories/timetable-upkeep.repository';
import type { Knex } from '@fajr/activities';

/** A shipped table the morning report names: within 60 days of its end (or past it), and held years. */
export interface ShippedTimetableNotice {
  label: string;
  lastDate: string | null;
  daysLeft: number;
  users: number;
}

/** The shipped tables ending within RUNNING_OUT_DAYS of `date`, and the fetched years held for an operator. */
export async function shippedTimetableNotices(
  db: Knex,
  date: string,
): Promise<{
  runningOut: ShippedTimetableNotice[];
  held: { id: string; label: string; year: number; problems: number }[];
}> {
  const [ending, held] = await Promise.all([
    shippedTimetablesRunningOut(db, date, RUNNING_OUT_DAYS),
    listHeldUpdates(db),
  ]);
  return {
    runningOut: ending.map((t) => ({ label: t.label, lastDate: t.lastDate, daysLeft: t.daysLeft, users: t.users })),
    held: held.map((u) => ({ id: u.id, label: u.label, year: u.year, problems: u.problems.length })),
  };
}

/** The morning report's lines on shipped tables: one line when all are current, else one per table. */
export function shippedTimetableLines(
  n: Awaited<ReturnType<typeof shippedTimetableNotices>>,
  table: (rows: Record<string, unknown>[]) => string[],
): string[] {
  const lines: string[] = [];
  if (!n.runningOut.length) lines.push(`Every shipped published table has more than ${RUNNING_OUT_DAYS} days left.`);
  else {
    lines.push(
      `Shipped published tables ending within ${RUNNING_OUT_DAYS} days (after the end their users are called by the method, and told):`,
      ...table(
        n.runningOut.map((t) => ({
          table: t.label,
          'last date': t.lastDate ?? '–',
          'days left': t.daysLeft,
          users: t.users,
        })),
      ),
    );
  }
  if (n.held.length)
    lines.push(
      'Fetched years held (a day more than 3 min from the method): npm run ops -- timetable updates, then timetable approve <id>:',
      ...table(n.held.map((u) => ({ id: u.id, table: u.label, year: u.year, 'days off': u.problems }))),
    );
  return lines;
}
