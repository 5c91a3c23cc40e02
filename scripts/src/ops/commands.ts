import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Email } from '@fajr/activities/providers';
import { searchCities } from '@fajr/activities/domain/cities';
import { localDates } from '@fajr/activities/domain/planning';
import { placeSuggestion, suggestionKey } from '@fajr/activities/domain/planning/place-defaults';
import { isIanaZone, resolveZone, sameWallClock, zonesAt } from '@fajr/activities/domain/timezones';
import { parsePublishedTimetableCsv, parseTimetableCsv, parseYearlessTimetableCsv, type TimetableError, type YearlessLaying } from '@fajr/activities/domain/timetable-csv';
import {
  findMosqueRequest,
  findMosques,
  insertMosque,
  listMosqueRequests,
  listMosques,
  resolveMosqueRequest,
  updateMosque,
  upsertMosqueTimetable,
  type Mosque,
  type MosqueFields,
} from '@fajr/activities/repositories/mosques.repository';
import { listHomeCityChoices } from '@fajr/activities/repositories/preferences.repository';
import { importPublishedTimetable, listPublishedTimetables, publishedTimetableLabel } from '@fajr/activities/repositories/published-timetables.repository';
import {
  addSupportReply,
  closeSupportConversation,
  listSupportConversations,
  supportConversationHistory,
} from '@fajr/activities/repositories/support.repository';
import { supportMessageBody } from '@fajr/api/contracts/support.contract';
import { morningLines, morningReport, morningSubject } from './morning';

export const USAGE = `Operate the Fajr catalogue (mosques, timetables, mosque requests) and answer the support chat.

Usage: npm run ops -- <command> [options]

  mosque list [--all]
      Mosques offered to users (--all: inactive ones too), with their timetable coverage.
  mosque add --name <name> --address <address> --city <city> --country <CC> --lat <deg> --lng <deg> [--tz <IANA zone>]
      Adds a mosque. The time zone is derived from the coordinates when --tz is omitted.
  mosque update <mosque-id-or-name> [--name ..] [--address ..] [--city ..] [--country CC] [--lat ..] [--lng ..] [--tz ..] [--active true|false]
      Changes a mosque. New coordinates without --tz re-derive the zone; a new zone keeps the
      timetable's local times (its instants are recomputed in the new zone).
  mosque import-timetable <mosque-id-or-name> <file.csv>
      Imports Fajr jamaah times: a CSV with the header "date,jamaah_time", local dates YYYY-MM-DD and
      times HH:MM in the mosque's zone. Existing days are replaced. Any bad row aborts the whole import.
  timetable list
      Authorities' published timetables (offered to users of their city instead of a method), with their coverage.
  timetable import --authority <name> --country <CC> --city <city> [--lat <deg> --lng <deg>] [--tz <IANA zone>] [--source <url, date>]
                   [--years <from>-<to> [--standard-time]] <file.csv>
      Imports an authority's published timetable for a place (for authorities that publish tables, not
      a method: Islamiska förbundet, many northern cities). The CSV's header names "date" and "fajr"
      and may name "sunrise" (other columns are ignored); local dates YYYY-MM-DD and times HH:MM in the
      place's zone. It is offered to users whose city has that name in that country; the place comes
      from the cities list unless --lat and --lng are given. Existing days are replaced; any bad row
      aborts the whole import. Users of the table are not called on dates it does not list.
      A yearless (perpetual) table has dates MM-DD and is laid on each of --years (at most 30; 29
      February on leap years only). Where the zone changes its clock its times must be in standard
      time (--standard-time: each date's summer time is added), as such tables are printed.
  defaults list
      Home-city users whose saved method or high-latitude rule differs from their place's default today
      (docs/PRAYER-TIMES.md "Defaults that follow the place"), by country and choice: how many are offered
      the default in settings, and how many chose to keep their own. Saved choices are never changed
      silently; this is how far an improved default has reached.
  requests list [--all]
      Open mosque requests (--all: resolved ones too).
  requests resolve <request-id> --added <mosque-id-or-name>
  requests resolve <request-id> --rejected "<note>"
      Closes a request: the mosque added for it, or why it was not.
  support list [--all]
      Open support chats (--all: closed ones too), those waiting for an answer first.
  support show <conversation-id>
      A chat's whole history.
  support reply <conversation-id> --message "<text>" [--as <your name>]
      Answers in a chat; the user sees it in the chat widget within seconds.
  support close <conversation-id>
      Closes a chat (the user's next message reopens it).
  morning [--date YYYY-MM-DD] [--email <address>]
      The morning's Fajr calls per city/zone and provider account: planned, placed, answered, missed,
      failed, skipped, still pending, the latest call's lateness, and the users whose call failed;
      then the mosques' and authorities' timetables with users that lack a day in the next 14 days
      (those users get no call that day). The date is the users' local call date (default: today on
      this machine's clock). With --email (or OPS_REPORT_EMAIL set) the report is also e-mailed there
      through the e-mail provider (EMAIL_PROVIDER: smtp, or local: the dev outbox).
  --help
      This text.

DATABASE_URL selects the database (default: the local one \`npm start\` runs).`;

export interface OpsIo {
  db: Knex;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The e-mail provider (`morning --email`), made on first use. */
  email?: () => Promise<Email>;
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

function table(rows: Record<string, unknown>[]): string[] {
  if (!rows.length) return [];
  const cols = Object.keys(rows[0]!);
  const text = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => text(r[c]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(cols), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(cols.map((c) => text(r[c]))))];
}

function number(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) throw new OpsError(`--${name} must be a number from ${min} to ${max}, got "${value}"`);
  return n;
}

function text(name: string, value: string | undefined, max = 500): string | undefined {
  if (value === undefined) return undefined;
  const t = value.trim();
  if (!t) throw new OpsError(`--${name} must not be empty`);
  if (t.length > max) throw new OpsError(`--${name} is longer than ${max} characters`);
  return t;
}

function country(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[A-Za-z]{2}$/.test(value.trim())) throw new OpsError(`--country must be a 2-letter ISO country code, got "${value}"`);
  return value.trim().toUpperCase();
}

function zone(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isIanaZone(value)) throw new OpsError(`--tz must be an IANA time zone such as Europe/London, got "${value}"`);
  return value;
}

const mosqueOptions = {
  name: { type: 'string' },
  address: { type: 'string' },
  city: { type: 'string' },
  country: { type: 'string' },
  lat: { type: 'string' },
  lng: { type: 'string' },
  tz: { type: 'string' },
  active: { type: 'string' },
} as const;

// parseArgs reads "--lng -1.57" as a missing value followed by an option; negative numbers are values here.
function joinNegativeNumbers(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (/^--[a-z]+$/.test(args[i]!) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${args[i]}=${next}`);
      i++;
    } else out.push(args[i]!);
  }
  return out;
}

function parse<const T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>({
      args: joinNegativeNumbers(args),
      options,
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    throw new OpsError(`${(e as Error).message}\nRun \`npm run ops -- --help\` for usage.`, 2);
  }
}

/** The one mosque an id or exact name (case-insensitive) names; ambiguity is an error listing the candidates. */
async function oneMosque(db: Knex, idOrName: string | undefined): Promise<Mosque> {
  if (!idOrName) throw new OpsError('Name the mosque by its id or name', 2);
  const found = await findMosques(db, idOrName);
  if (!found.length) throw new OpsError(`No mosque "${idOrName}" (see \`npm run ops -- mosque list --all\`)`);
  if (found.length > 1) {
    throw new OpsError(`"${idOrName}" names ${found.length} mosques; use an id:\n${found.map((m) => `  ${m.id}  ${m.name}, ${m.cityName}`).join('\n')}`);
  }
  return found[0]!;
}

function warnIfZoneFar(io: OpsIo, lat: number, lng: number, tz: string) {
  const zones = zonesAt(lat, lng);
  if (!zones.includes(tz)) io.err(`warning: ${lat},${lng} lies in ${zones.join(' or ')}, not ${tz}`);
}

async function mosqueAdd(io: OpsIo, args: string[]) {
  const { values, positionals } = parse(args, mosqueOptions);
  if (positionals.length) throw new OpsError(`Unexpected argument: ${positionals[0]}`, 2);
  const missing = (['name', 'address', 'city', 'country', 'lat', 'lng'] as const).filter((k) => values[k] === undefined);
  if (missing.length) throw new OpsError(`Missing ${missing.map((k) => `--${k}`).join(', ')}`, 2);
  const lat = number('lat', values.lat, -90, 90)!;
  const lng = number('lng', values.lng, -180, 180)!;
  const tz = zone(values.tz);
  if (tz) warnIfZoneFar(io, lat, lng, tz);
  const fields: MosqueFields = {
    name: text('name', values.name, 200)!,
    address: text('address', values.address)!,
    cityName: text('city', values.city, 100)!,
    countryCode: country(values.country)!,
    lat,
    lng,
    tzName: tz ?? resolveZone(lat, lng),
    isActive: values.active === undefined ? true : active(values.active),
  };
  const duplicate = await io.db('mosques').whereRaw('lower(name) = lower(?) and lower(city_name) = lower(?)', [fields.name, fields.cityName]).first('id');
  if (duplicate) throw new OpsError(`A mosque named "${fields.name}" in ${fields.cityName} exists already: ${duplicate.id} (use \`mosque update\`)`);
  const m = await insertMosque(io.db, fields);
  io.out(`Added mosque ${m.id}: ${m.name}, ${m.cityName} ${m.countryCode} (${m.tzName})`);
  io.out(`Next: npm run ops -- mosque import-timetable ${m.id} <file.csv>`);
}

function active(v: string): boolean {
  if (v === 'true' || v === 'false') return v === 'true';
  throw new OpsError(`--active must be true or false, got "${v}"`);
}

async function mosqueUpdate(io: OpsIo, args: string[]) {
  const { values, positionals } = parse(args, mosqueOptions);
  if (positionals.length !== 1) throw new OpsError('Usage: mosque update <mosque-id-or-name> [--name ..] [--lat ..] …', 2);
  const mosque = await oneMosque(io.db, positionals[0]);
  const changes: Partial<MosqueFields> = {
    name: text('name', values.name, 200),
    address: text('address', values.address),
    cityName: text('city', values.city, 100),
    countryCode: country(values.country),
    lat: number('lat', values.lat, -90, 90),
    lng: number('lng', values.lng, -180, 180),
    tzName: zone(values.tz),
    isActive: values.active === undefined ? undefined : active(values.active),
  };
  const lat = changes.lat ?? mosque.lat;
  const lng = changes.lng ?? mosque.lng;
  if (!changes.tzName && (changes.lat !== undefined || changes.lng !== undefined)) changes.tzName = resolveZone(lat, lng, mosque.tzName);
  if (changes.tzName && values.tz) warnIfZoneFar(io, lat, lng, changes.tzName);
  if (Object.values(changes).every((v) => v === undefined)) throw new OpsError('Nothing to change: give at least one option', 2);
  const updated = await io.db.transaction(async (trx) => {
    const row = await updateMosque(trx, mosque.id, changes);
    if (changes.tzName && changes.tzName !== mosque.tzName) {
      // The timetable holds local times: keep them, and recompute their instants in the new zone
      // (with the server's zone data, not Postgres's AT TIME ZONE, whose data is older: Casablanca).
      const days: { local_date: string; jamaah_at: Date }[] = await trx('mosque_fajr_times').where({ mosque_id: mosque.id }).select('local_date', 'jamaah_at');
      const from = mosque.tzName;
      const to = changes.tzName;
      await upsertMosqueTimetable(trx, mosque.id, days.map((d) => ({ localDate: d.local_date, jamaahAt: sameWallClock(d.jamaah_at, from, to) })));
    }
    return row;
  });
  io.out(`Updated mosque ${updated!.id}: ${updated!.name}, ${updated!.cityName} ${updated!.countryCode} (${updated!.tzName})${updated!.isActive ? '' : ' [inactive]'}`);
}

async function mosqueList(io: OpsIo, args: string[]) {
  const { values } = parse(args, { all: { type: 'boolean' } });
  const rows = (await listMosques(io.db)).filter((m) => values.all || m.isActive);
  if (!rows.length) return io.out('No mosques.');
  for (const line of table(
    rows.map((m) => ({
      id: m.id,
      name: m.name,
      city: m.cityName,
      country: m.countryCode,
      tz: m.tzName,
      active: m.isActive ? 'yes' : 'no',
      days: m.timetableDays,
      until: m.lastDate ?? '',
    })),
  ))
    io.out(line);
}

async function mosqueImport(io: OpsIo, args: string[], read: (file: string) => Promise<string>) {
  const { positionals } = parse(args, {});
  if (positionals.length !== 2) throw new OpsError('Usage: mosque import-timetable <mosque-id-or-name> <file.csv>', 2);
  const mosque = await oneMosque(io.db, positionals[0]);
  const parsed = parseTimetableCsv(await readCsv(read, positionals[1]!), mosque.tzName);
  if (!parsed.ok) throw badRows(positionals[1]!, parsed.errors);
  const { inserted, updated } = await upsertMosqueTimetable(io.db, mosque.id, parsed.rows);
  const dates = parsed.rows.map((r) => r.localDate).sort();
  io.out(`Imported ${parsed.rows.length} day(s) for ${mosque.name} (${dates[0]} to ${dates[dates.length - 1]}, ${mosque.tzName}): ${inserted} new, ${updated} replaced`);
}

/** Prints a CSV's bad rows (the first 50) as the operator's error; nothing was imported. */
function badRows(file: string, errors: TimetableError[]): OpsError {
  const shown = errors.slice(0, 50).map((e) => `  line ${e.line}: ${e.message}`);
  const more = errors.length > 50 ? [`  … and ${errors.length - 50} more`] : [];
  return new OpsError([`${file}: ${errors.length} bad row(s); nothing was imported:`, ...shown, ...more].join('\n'));
}

async function readCsv(read: (file: string) => Promise<string>, file: string): Promise<string> {
  try {
    return await read(file);
  } catch (e) {
    throw new OpsError(`Cannot read ${file}: ${(e as Error).message}`);
  }
}

/** The place a timetable is for: given coordinates, else the cities list's city of that exact name in that country. */
function timetablePlace(io: OpsIo, values: { country?: string; city?: string; lat?: string; lng?: string; tz?: string }) {
  const countryCode = country(values.country)!;
  const cityName = text('city', values.city, 100)!;
  const lat = number('lat', values.lat, -90, 90);
  const lng = number('lng', values.lng, -180, 180);
  const tz = zone(values.tz);
  if ((lat === undefined) !== (lng === undefined)) throw new OpsError('Give --lat and --lng together (or neither: the place then comes from the cities list)', 2);
  if (lat !== undefined && lng !== undefined) {
    if (tz) warnIfZoneFar(io, lat, lng, tz);
    return { countryCode, cityName, lat, lng, tzName: tz ?? resolveZone(lat, lng) };
  }
  // Users pick their city from the same list, so the table is offered under exactly this name.
  const city = searchCities(cityName, countryCode, 20).find((c) => c.name.toLowerCase() === cityName.toLowerCase());
  if (!city) throw new OpsError(`No city "${cityName}" in ${countryCode} in the cities list; give its exact name as users see it, or --lat and --lng`);
  return { countryCode, cityName: city.name, lat: city.lat, lng: city.lng, tzName: tz ?? city.tzName };
}

async function timetableImport(io: OpsIo, args: string[], read: (file: string) => Promise<string>) {
  const { country, city, lat, lng, tz } = mosqueOptions;
  const { values, positionals } = parse(args, {
    authority: { type: 'string' }, source: { type: 'string' }, years: { type: 'string' }, 'standard-time': { type: 'boolean' }, country, city, lat, lng, tz,
  });
  const usage = 'Usage: timetable import --authority <name> --country <CC> --city <city> [--lat ..] [--lng ..] [--tz ..] [--source ..] [--years <from>-<to> [--standard-time]] <file.csv>';
  if (positionals.length !== 1) throw new OpsError(usage, 2);
  const missing = (['authority', 'country', 'city'] as const).filter((k) => values[k] === undefined);
  if (missing.length) throw new OpsError(`Missing ${missing.map((k) => `--${k}`).join(', ')}\n${usage}`, 2);
  const authority = text('authority', values.authority, 200)!;
  const source = text('source', values.source, 1000) ?? null;
  const place = timetablePlace(io, values);
  const file = positionals[0]!;
  const laying = yearlessLaying(values.years, values['standard-time']);
  const csv = await readCsv(read, file);
  const parsed = laying ? parseYearlessTimetableCsv(csv, place.tzName, laying) : parsePublishedTimetableCsv(csv, place.tzName);
  if (!parsed.ok) throw badRows(file, parsed.errors);
  const { timetable, created, inserted, updated } = await importPublishedTimetable(io.db, { authority, ...place, source }, parsed.rows);
  const dates = parsed.rows.map((r) => r.localDate).sort();
  io.out(
    `${created ? 'Created' : 'Updated'} timetable ${timetable.id} (${publishedTimetableLabel(timetable)}, ${timetable.countryCode}, ${timetable.tzName}): ` +
      `${parsed.rows.length} day(s) from ${dates[0]} to ${dates[dates.length - 1]}, ${inserted} new, ${updated} replaced` +
      (laying ? unlaid(laying, new Set(dates)) : ''),
  );
}

/** The dates of a yearless table's years it has no row for (a 29 February, a day left out): its users get no call on them. */
function unlaid(laying: YearlessLaying, laid: Set<string>): string {
  const from = `${laying.fromYear}-01-01`;
  const days = (Date.UTC(laying.toYear + 1, 0, 1) - Date.UTC(laying.fromYear, 0, 1)) / 86_400_000;
  const missing = localDates(from, days).filter((d) => !laid.has(d));
  const standard = laying.standardTime ? ' (standard time, summer time added)' : '';
  if (!missing.length) return `; the yearless table laid on every date of ${laying.fromYear}–${laying.toYear}${standard}`;
  return `; the yearless table laid on ${laying.fromYear}–${laying.toYear}${standard}, not on ${missing.length} date(s) it has no row for: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`;
}

/** --years <from>-<to> (or one year) and --standard-time: how a yearless table is laid on years; none for a dated table. */
function yearlessLaying(years: string | undefined, standardTime: boolean | undefined): YearlessLaying | undefined {
  if (years === undefined) {
    if (standardTime) throw new OpsError('--standard-time is for a yearless table: give --years too', 2);
    return undefined;
  }
  const m = /^\s*(\d{4})\s*(?:-\s*(\d{4}))?\s*$/.exec(years);
  const [fromYear, toYear] = m ? [Number(m[1]), Number(m[2] ?? m[1])] : [NaN, NaN];
  if (!m || fromYear < 1970 || toYear < fromYear || toYear - fromYear >= 30) {
    throw new OpsError(`--years must be a year or <from>-<to>, at most 30 years from 1970 on, got "${years}"`, 2);
  }
  return { fromYear, toYear, standardTime: standardTime ?? false };
}

async function timetableList(io: OpsIo, args: string[]) {
  parse(args, {});
  const rows = await listPublishedTimetables(io.db);
  if (!rows.length) return io.out('No published timetables.');
  for (const line of table(
    rows.map((t) => ({ id: t.id, authority: t.authority, city: t.cityName, country: t.countryCode, tz: t.tzName, days: t.days, from: t.firstDate ?? '', until: t.lastDate ?? '' })),
  ))
    io.out(line);
}

async function defaultsList(io: OpsIo, args: string[]) {
  parse(args, {});
  const groups = new Map<string, { country: string; saved: string; default: string; offered: number; kept: number }>();
  for (const choice of await listHomeCityChoices(io.db)) {
    const current = placeSuggestion(choice, null);
    if (!current || (current.prayerCalcMethod === choice.prayerCalcMethod && current.prayerCalcHlat === choice.prayerCalcHlat)) continue;
    const saved = `${choice.prayerCalcMethod} / ${choice.prayerCalcHlat}`;
    const suggested = `${current.prayerCalcMethod} / ${current.prayerCalcHlat}`;
    const key = `${choice.countryCode} ${saved} ${suggested}`;
    const group = groups.get(key) ?? { country: choice.countryCode ?? '', saved, default: suggested, offered: 0, kept: 0 };
    // Declined is stored for the suggestion the user saw; a default improved since is offered again.
    if (choice.declinedPlaceSuggestion === suggestionKey(current)) group.kept += 1;
    else group.offered += 1;
    groups.set(key, group);
  }
  if (!groups.size) return io.out("Every home-city user's method and rule are their place's default.");
  const rows = [...groups.values()].sort((a, b) => b.offered + b.kept - (a.offered + a.kept) || a.country.localeCompare(b.country));
  for (const line of table(rows)) io.out(line);
}

async function requestsList(io: OpsIo, args: string[]) {
  const { values } = parse(args, { all: { type: 'boolean' } });
  const rows = await listMosqueRequests(io.db, { all: values.all });
  if (!rows.length) return io.out(values.all ? 'No mosque requests.' : 'No open mosque requests.');
  for (const line of table(
    rows.map((r) => ({
      id: r.id,
      requested: r.createdAt.toISOString().slice(0, 16).replace('T', ' '),
      status: r.status,
      name: r.name,
      address: r.address,
      note: r.resolutionNote ?? '',
    })),
  ))
    io.out(line);
}

async function requestsResolve(io: OpsIo, args: string[]) {
  const { values, positionals } = parse(args, { added: { type: 'string' }, rejected: { type: 'string' } });
  if (positionals.length !== 1 || (values.added === undefined) === (values.rejected === undefined)) {
    throw new OpsError('Usage: requests resolve <request-id> --added <mosque-id-or-name> | --rejected "<note>"', 2);
  }
  const request = await findMosqueRequest(io.db, positionals[0]!);
  if (!request) throw new OpsError(`No mosque request ${positionals[0]}`);
  if (request.status !== 'open') throw new OpsError(`Request ${request.id} was already resolved (${request.status}${request.resolutionNote ? `: ${request.resolutionNote}` : ''})`);
  let resolution: { added: string } | { rejected: string };
  if (values.added !== undefined) resolution = { added: (await oneMosque(io.db, values.added)).id };
  else resolution = { rejected: text('rejected', values.rejected, 1000)! };
  const done = await resolveMosqueRequest(io.db, request.id, resolution);
  if (!done) throw new OpsError(`Request ${request.id} was resolved by someone else meanwhile`);
  io.out(`Request ${done.id} (${done.name}) ${done.status}${done.status === 'added' ? `: mosque ${done.mosqueId}` : `: ${done.resolutionNote}`}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function conversationId(positionals: string[], usage: string): string {
  if (positionals.length !== 1) throw new OpsError(`Usage: ${usage}`, 2);
  const id = positionals[0]!;
  if (!UUID.test(id)) throw new OpsError(`"${id}" is not a conversation id (see \`npm run ops -- support list\`)`);
  return id;
}

const oneLine = (t: string | null, max: number) => {
  const flat = (t ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

async function supportList(io: OpsIo, args: string[]) {
  const { values } = parse(args, { all: { type: 'boolean' } });
  const rows = await listSupportConversations(io.db, { all: values.all });
  if (!rows.length) return io.out(values.all ? 'No support chats.' : 'No open support chats.');
  for (const line of table(
    rows.map((c) => ({
      id: c.id,
      status: c.status,
      last: minute(c.lastMessageAt),
      user: c.username,
      messages: c.messageCount,
      'last from user': oneLine(c.lastUserMessage, 60),
    })),
  ))
    io.out(line);
}

async function supportShow(io: OpsIo, args: string[]) {
  const { positionals } = parse(args, {});
  const id = conversationId(positionals, 'support show <conversation-id>');
  const chat = await supportConversationHistory(io.db, id);
  if (!chat) throw new OpsError(`No support chat ${id}`);
  io.out(`Chat ${id} with ${chat.username} (${chat.status})`);
  for (const m of chat.messages) io.out(`[${minute(m.createdAt)}] ${m.author === 'user' ? chat.username : `support (${m.operatorName ?? '?'})`}: ${m.body}`);
}

async function supportReply(io: OpsIo, args: string[]) {
  const { values, positionals } = parse(args, { message: { type: 'string' }, as: { type: 'string' } });
  const id = conversationId(positionals, 'support reply <conversation-id> --message "<text>" [--as <your name>]');
  if (values.message === undefined) throw new OpsError('Missing --message', 2);
  // The same rules as the user's own messages (not empty, at most the chat's length).
  const checked = supportMessageBody.safeParse({ body: values.message });
  if (!checked.success) throw new OpsError(`--message: ${checked.error.issues[0]?.message}`);
  const operator = text('as', values.as, 100) ?? 'support';
  const sent = await addSupportReply(io.db, id, checked.data.body, operator);
  if (!sent) throw new OpsError(`No support chat ${id}`);
  io.out(`Replied in chat ${id} (message ${sent.id})`);
}

async function supportClose(io: OpsIo, args: string[]) {
  const { positionals } = parse(args, {});
  const id = conversationId(positionals, 'support close <conversation-id>');
  if (!(await closeSupportConversation(io.db, id))) throw new OpsError(`No support chat ${id}`);
  io.out(`Closed chat ${id}`);
}

async function morning(io: OpsIo, args: string[]) {
  const { values, positionals } = parse(args, { date: { type: 'string' }, email: { type: 'string' } });
  if (positionals.length) throw new OpsError(`Unexpected argument: ${positionals[0]}`, 2);
  const today = new Date();
  const date = values.date ?? `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new OpsError(`--date must be a date YYYY-MM-DD, got "${date}"`, 2);
  const to = values.email ?? io.reportEmail;
  if (to !== undefined && !z.string().email().safeParse(to).success) throw new OpsError(`--email must be an e-mail address, got "${to}"`, 2);
  const report = await morningReport(io.db, date);
  const lines = morningLines(date, report, table);
  for (const line of lines) io.out(line);
  if (to === undefined) return;
  if (!io.email) throw new OpsError('No e-mail provider to send the report with');
  await (await io.email()).send({ to, subject: morningSubject(date, report), text: lines.join('\n') });
  io.out(`E-mailed to ${to}.`);
}

/** Runs one ops command; returns the process exit code. Errors meant for the operator are printed, not thrown. */
export async function runOps(argv: string[], io: OpsIo, read: (file: string) => Promise<string> = (f) => readFile(f, 'utf8')): Promise<number> {
  const [group, command, ...rest] = argv;
  try {
    if (!group || group === '--help' || group === '-h' || group === 'help' || command === '--help' || rest.includes('--help')) {
      io.out(USAGE);
      return group ? 0 : 2;
    }
    const key = group === 'morning' ? group : `${group} ${command ?? ''}`.trim();
    switch (key) {
      case 'mosque list':
        await mosqueList(io, rest);
        break;
      case 'mosque add':
        await mosqueAdd(io, rest);
        break;
      case 'mosque update':
        await mosqueUpdate(io, rest);
        break;
      case 'mosque import-timetable':
        await mosqueImport(io, rest, read);
        break;
      case 'timetable list':
        await timetableList(io, rest);
        break;
      case 'timetable import':
        await timetableImport(io, rest, read);
        break;
      case 'defaults list':
        await defaultsList(io, rest);
        break;
      case 'requests list':
        await requestsList(io, rest);
        break;
      case 'requests resolve':
        await requestsResolve(io, rest);
        break;
      case 'support list':
        await supportList(io, rest);
        break;
      case 'support show':
        await supportShow(io, rest);
        break;
      case 'support reply':
        await supportReply(io, rest);
        break;
      case 'support close':
        await supportClose(io, rest);
        break;
      case 'morning':
        await morning(io, command === undefined ? rest : [command, ...rest]);
        break;
      default:
        throw new OpsError(`Unknown command: ${key}\n\n${USAGE}`, 2);
    }
    return 0;
  } catch (e) {
    if (e instanceof OpsError) {
      io.err(e.message);
      return e.exitCode;
    }
    throw e;
  }
}
