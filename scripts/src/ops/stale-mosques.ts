import { RUN_OUT_WARNING_DAYS, type StaleMosque } from '@fajr/activities/repositories/mosque-freshness.repository';

type Table = (rows: Record<string, unknown>[]) => string[];

/**
 * The morning report's stale mosques (issue 46 point 3): times run out, or running out within 14 days.
 * Past its own times a member is called by the mosque's fallback; its admins are reminded once per date.
 */
export function staleMosqueLines(stale: StaleMosque[], table: Table): string[] {
  if (!stale.length) return [`No listed mosque's times run out within ${RUN_OUT_WARNING_DAYS} days.`];
  return [
    `Stale mosques: times run out or run out within ${RUN_OUT_WARNING_DAYS} days (members are called by the mosque's fallback past them):`,
    '',
    ...table(
      stale.map((m) => ({
        mosque: m.name,
        city: m.cityName,
        'times until': m.coveredUntil,
        state: m.ranOut ? 'ran out' : 'running out',
        members: m.members,
        admins: m.admins,
        reminded: m.remindedAt
          ? m.remindedAt.toISOString().slice(0, 16).replace('T', ' ')
          : m.admins
            ? 'not yet'
            : 'no admin',
        id: m.id,
      })),
    ),
    '',
    'Without admins: import the next days (npm run ops -- mosque import-timetable <id> <file.csv>) or ask the mosque.',
  ];
}
