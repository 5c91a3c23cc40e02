import type { Knex } from 'knex';
import { addDays } from '@fajr/activities/domain/planning';
import { morningCalls, type MorningDay } from '@fajr/activities/repositories/morning-calls.repository';
import {
  TIMETABLE_GAP_HORIZON_DAYS,
  timetableGaps,
  type TimetableGap,
} from '@fajr/activities/repositories/timetable-gaps.repository';
import { staleMosques, type StaleMosque } from '@fajr/activities/repositories/mosque-freshness.repository';
import { shippedTimetableLines, shippedTimetableNotices } from './shipped-timetables';
import { staleMosqueLines } from './stale-mosques';

/** One line of the morning report: a city and zone on one provider account, or the total. */
export interface MorningRow {
  place: string;
  zone: string;
  account: string;
  planned: number;
  placed: number;
  answered: number;
  missed: number;
  failed: number;
  skipped: number;
  pending: number;
  /** Last calls before sunrise placed, and the days they woke (answered), counted as their own kind. */
  sunrisePlaced: number;
  sunriseAnswered: number;
  /** How late (s) the group's last placed call was dialled behind its planned instant. */
  latestLateness: number | null;
  maxLateness: number | null;
}

/** What a day came to, for counting (a day is one user's call, attempt 1 and any repeat). */
function dayStatus(d: MorningDay, now: Date): 'answered' | 'failed' | 'missed' | 'skipped' | 'pending' {
  if (d.answered) return 'answered';
  if (d.failed) return 'failed';
  if (d.placed && d.final) return 'missed';
  // Armed, its instant a minute gone, never dialled: the re-check said no (calls off, plan changed, …).
  if (d.attempts === 0 && d.plannedAt.getTime() < now.getTime() - 60_000) return 'skipped';
  return 'pending';
}

function summarise(key: Pick<MorningRow, 'place' | 'zone' | 'account'>, days: MorningDay[], now: Date): MorningRow {
  const row: MorningRow = {
    ...key,
    planned: days.length,
    placed: 0,
    answered: 0,
    missed: 0,
    failed: 0,
    skipped: 0,
    pending: 0,
    sunrisePlaced: 0,
    sunriseAnswered: 0,
    latestLateness: null,
    maxLateness: null,
  };
  let latest: MorningDay | undefined;
  for (const d of days) {
    if (d.placed) row.placed += 1;
    if (d.sunrise?.placed) row.sunrisePlaced += 1;
    if (d.sunrise?.answered) row.sunriseAnswered += 1;
    row[dayStatus(d, now)] += 1;
    if (d.lastPlacedAt && (!latest || d.lastPlacedAt > latest.lastPlacedAt!)) latest = d;
    if (d.maxLatenessSeconds !== null) row.maxLateness = Math.max(row.maxLateness ?? 0, d.maxLatenessSeconds);
  }
  row.latestLateness = latest?.lastLatenessSeconds ?? null;
  return row;
}

/** The morning report: its rows and total, the failed users, and the timetables that lack days soon. */
export interface MorningReport {
  rows: MorningRow[];
  total: MorningRow;
  failedUsers: string[];
  gaps: TimetableGap[];
  /** Shipped published tables ending within 60 days, and fetched years held for an operator. */
  shipped: Awaited<ReturnType<typeof shippedTimetableNotices>>;
  /** Listed mosques whose times have run out or run out within 14 days (issue 46). */
  staleMosques: StaleMosque[];
}

/**
 * The morning's figures per city/zone and provider account (then the total), the users whose call
 * failed, and the timetables users are called by that lack days in the next two weeks.
 */
export async function morningReport(db: Knex, date: string, now = new Date()): Promise<MorningReport> {
  const days = await morningCalls(db, date);
  const groups = new Map<string, MorningDay[]>();
  for (const d of days) {
    const k = JSON.stringify([d.place, d.zone, d.account]);
    groups.set(k, [...(groups.get(k) ?? []), d]);
  }
  const rows = [...groups].map(([k, ds]) => {
    const [place, zone, account] = JSON.parse(k) as string[];
    return summarise({ place: place!, zone: zone!, account: account! }, ds, now);
  });
  rows.sort(
    (a, b) => a.zone.localeCompare(b.zone) || a.place.localeCompare(b.place) || a.account.localeCompare(b.account),
  );
  const failedUsers = days.filter((d) => dayStatus(d, now) === 'failed').map((d) => d.userId);
  const gaps = await timetableGaps(db, date, TIMETABLE_GAP_HORIZON_DAYS);
  const shipped = await shippedTimetableNotices(db, date);
  const total = summarise({ place: 'all', zone: '', account: '' }, days, now);
  return { rows, total, failedUsers, gaps, shipped, staleMosques: await staleMosques(db, now) };
}

const seconds = (s: number | null) => (s === null ? '' : `${s.toFixed(1)} s`);
const pct = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)}%` : '');

/** The e-mailed report's subject: the date and the figures an operator reads first. */
export function morningSubject(date: string, r: MorningReport): string {
  const t = r.total;
  const calls = t.planned
    ? `${t.placed}/${t.planned} placed, ${t.answered} answered, ${t.missed} missed, ${t.failed} failed`
    : 'no calls planned';
  const gaps = r.gaps.length ? `; ${r.gaps.length} timetable${r.gaps.length > 1 ? 's' : ''} missing days` : '';
  const ending = r.shipped.runningOut.length;
  const shipped = ending ? `; ${ending} shipped table${ending > 1 ? 's' : ''} ending within 60 days` : '';
  const stale = r.staleMosques.length;
  const mosques = stale ? `; ${stale} mosque${stale > 1 ? 's' : ''} with times running out` : '';
  return `Fajr morning ${date}: ${calls}${gaps}${shipped}${mosques}`;
}

/** Lays rows out as a text table (the ops commands' one). */
type Table = (rows: Record<string, unknown>[]) => string[];

/** The report as the lines `npm run ops -- morning` prints. */
export function morningLines(date: string, r: MorningReport, table: Table): string[] {
  return [
    ...callLines(date, r, table),
    '',
    ...gapLines(date, r.gaps, table),
    '',
    ...shippedTimetableLines(r.shipped, table),
    '',
    ...staleMosqueLines(r.staleMosques, table),
  ];
}

function callLines(date: string, r: MorningReport, table: Table): string[] {
  if (!r.total.planned) return [`No Fajr calls planned for ${date} (call dates are each user's local date).`];
  const cells = (x: MorningRow) => ({
    'city / zone': x.zone ? `${x.place} (${x.zone})` : x.place,
    account: x.account,
    planned: x.planned,
    placed: x.placed,
    answered: x.answered,
    'answered %': pct(x.answered, x.placed),
    missed: x.missed,
    failed: x.failed,
    skipped: x.skipped,
    pending: x.pending,
    'latest lateness': seconds(x.latestLateness),
    'max lateness': seconds(x.maxLateness),
  });
  const lines = [
    `Fajr calls of ${date} (each user's local date; a repeat counts with its day)`,
    '',
    ...table([...r.rows.map(cells), cells(r.total)]),
  ];
  if (r.total.sunrisePlaced)
    lines.push(
      '',
      `Last calls before sunrise: ${r.total.sunrisePlaced} placed, ${r.total.sunriseAnswered} answered (their days count above).`,
    );
  lines.push('');
  if (!r.failedUsers.length) lines.push('No call failed.');
  else {
    lines.push(
      `Calls that could not be placed (${r.failedUsers.length}), by user id:`,
      ...r.failedUsers.map((id) => `  ${id}`),
    );
    lines.push(
      'In the Temporal UI (Workflows, filter):',
      `  WorkflowType = "fajrCall" AND CallDate = "${date}" AND ExecutionStatus = "Failed"`,
      '  or one user: UserId = "<user id>" (running first, then the newest)',
    );
  }
  return lines;
}

/** The timetables users are called by that lack days soon: their users get no call on those days. */
function gapLines(date: string, gaps: TimetableGap[], table: Table): string[] {
  const until = addDays(date, TIMETABLE_GAP_HORIZON_DAYS - 1);
  if (!gaps.length)
    return [`Every timetable users are called by has all ${TIMETABLE_GAP_HORIZON_DAYS} days from ${date} to ${until}.`];
  return [
    `Timetables missing days from ${date} to ${until} (their users get no call on those days; import the next months):`,
    '',
    ...table(
      gaps.map((g) => ({
        timetable: g.kind === 'mosque' ? `mosque: ${g.label}` : g.label,
        city: g.city,
        users: g.users,
        'days missing': g.missingDays,
        'first missing': g.firstMissing,
        'last date': g.lastDate ?? 'none',
        id: g.id,
      })),
    ),
    '',
    'Import the next days: npm run ops -- mosque import-timetable <id> <file.csv>, or for a published table',
    'npm run ops -- timetable import with its authority, country and city as before (npm run ops -- timetable list).',
  ];
}
