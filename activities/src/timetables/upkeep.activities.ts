import type { Deps } from '../deps';
import { createESolatClient, recordedESolat, type ESolatSource } from '../adapters/esolat/esolat';
import { daysLeft, runningOut, validateFetchedYear } from '../domain/timetable-upkeep';
import { localDateOf } from '../domain/time/zone-clock';
import {
  findTimetableUpdate,
  listShippedTimetables,
  recordTimetableUpdate,
} from '../repositories/timetable-upkeep.repository';

/** What one monthly check found, per shipped table that needs attention (none when all are current). */
export interface UpkeepReport {
  checked: number;
  runningOut: { label: string; lastDate: string | null; daysLeft: number | null; users: number }[];
  activated: { label: string; year: number }[];
  held: { label: string; year: number; problems: number }[];
  unavailable: { label: string; year: number; reason: string }[];
}

/**
 * Where the next year comes from, by authority: JAKIM's own e-Solat service in production
 * (TIMETABLE_SOURCE=esolat), nothing by default (a development machine does not call a government
 * server). Tests pass recorded answers. Islamiska förbundet has no service to ask: its next tables come
 * by operator import, and the Schedule tells operators when.
 */
export function timetableSourceOf(config: Pick<Deps['config'], 'TIMETABLE_SOURCE'>): ESolatSource | null {
  return config.TIMETABLE_SOURCE === 'esolat' ? createESolatClient() : null;
}

/** Activities of the monthly timetable upkeep Schedule (docs/PRAYER-TIMES.md "Shipped tables"). */
export function createTimetableUpkeepActivities(
  deps: Deps,
  eSolat: ESolatSource | null = timetableSourceOf(deps.config),
) {
  /**
   * Checks every shipped table: one within 60 days of its last date gets its next year from the
   * authority's service where there is one, validated against the method (a day more than 3 minutes
   * off holds the year for an operator), activated otherwise; each year is fetched once.
   */
  async function checkShippedTimetables(): Promise<UpkeepReport> {
    const tables = await listShippedTimetables(deps.db);
    const report: UpkeepReport = { checked: tables.length, runningOut: [], activated: [], held: [], unavailable: [] };
    for (const t of tables) {
      const today = localDateOf(deps.now(), t.tzName);
      if (!runningOut(t.lastDate, today)) continue;
      const left = t.lastDate ? daysLeft(t.lastDate, today) : null;
      report.runningOut.push({ label: t.label, lastDate: t.lastDate, daysLeft: left, users: t.users });
      const year = Number((t.lastDate ?? today).slice(0, 4)) + (t.lastDate ? 1 : 0);
      if (!t.zoneCode || t.authority !== 'JAKIM' || !eSolat) continue;
      if (await findTimetableUpdate(deps.db, t.id, year)) continue;
      const fetched = await eSolat.fetchYear(t.zoneCode, year);
      if (!fetched.ok) {
        report.unavailable.push({ label: t.label, year, reason: fetched.reason });
        continue;
      }
      const place = { lat: t.lat, lng: t.lng, tzName: t.tzName, calcMethod: 'Jakim', highLatRule: 'MiddleOfTheNight' };
      const { days, problems } = validateFetchedYear(fetched.days, year, place);
      const status = await recordTimetableUpdate(deps.db, {
        timetableId: t.id,
        year,
        days,
        problems,
        source: fetched.source,
        now: deps.now(),
      });
      if (status === 'activated') report.activated.push({ label: t.label, year });
      else report.held.push({ label: t.label, year, problems: problems.length });
    }
    if (report.runningOut.length > 0) deps.logger.info({ upkeep: report }, 'shipped timetables checked');
    return report;
  }

  return { checkShippedTimetables };
}

export { recordedESolat };
