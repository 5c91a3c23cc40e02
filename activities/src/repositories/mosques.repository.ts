import type { Knex } from 'knex';
import { isUuid } from '../domain/uuid';
import type { TimetableRow } from '../domain/timetable-csv';

/** A mosque as operators see it. */
export interface Mosque {
  id: string;
  name: string;
  address: string;
  countryCode: string;
  cityName: string;
  lat: number;
  lng: number;
  tzName: string;
  isActive: boolean;
}

export type MosqueFields = Omit<Mosque, 'id' | 'isActive'> & { isActive?: boolean };

const select = [
  'id',
  'name',
  'address',
  'country_code as countryCode',
  'city_name as cityName',
  'lat',
  'lng',
  'tz_name as tzName',
  'is_active as isActive',
];

function toRow(m: Partial<MosqueFields>): Record<string, unknown> {
  const map: Record<string, string> = {
    name: 'name',
    address: 'address',
    countryCode: 'country_code',
    cityName: 'city_name',
    lat: 'lat',
    lng: 'lng',
    tzName: 'tz_name',
    isActive: 'is_active',
  };
  const row: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(m)) if (v !== undefined && map[k]) row[map[k]] = v;
  return row;
}

/** Every mosque (active or not) with how many timetable days it has and its last one. */
export async function listMosques(db: Knex): Promise<(Mosque & { timetableDays: number; lastDate: string | null })[]> {
  return db('mosques as m')
    .select(select.map((c) => `m.${c}`))
    .select(db.raw('count(t.local_date)::int as "timetableDays"'), db.raw('max(t.local_date)::text as "lastDate"'))
    .leftJoin('mosque_fajr_times as t', 't.mosque_id', 'm.id')
    .groupBy('m.id')
    .orderBy([{ column: 'm.name' }, { column: 'm.city_name' }]);
}

/** Mosques matching an id, or a name (case-insensitive); several when the name is ambiguous. */
export async function findMosques(db: Knex, idOrName: string): Promise<Mosque[]> {
  if (isUuid(idOrName)) return db('mosques').select(select).where({ id: idOrName });
  return db('mosques').select(select).whereRaw('lower(name) = lower(?)', [idOrName.trim()]).orderBy('city_name');
}

/** Adds a mosque; a mosque of the same name in the same city is a conflict (unique index). */
export async function insertMosque(db: Knex, m: MosqueFields): Promise<Mosque> {
  const [row] = await db('mosques').insert(toRow(m)).returning(select);
  return row;
}

/** Changes some fields of a mosque; undefined when there is no such mosque. */
export async function updateMosque(
  db: Knex,
  id: string,
  changes: Partial<MosqueFields>,
  now = new Date(),
): Promise<Mosque | undefined> {
  const [row] = await db('mosques')
    .where({ id })
    .update({ ...toRow(changes), updated_at: now })
    .returning(select);
  return row;
}

/** Writes a mosque's timetable days in one transaction (replacing days already present); all or nothing. */
export async function upsertMosqueTimetable(
  db: Knex,
  mosqueId: string,
  rows: TimetableRow[],
): Promise<{ inserted: number; updated: number }> {
  return db.transaction(async (trx) => {
    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows
        .slice(i, i + 500)
        .map((r) => ({ mosque_id: mosqueId, local_date: r.localDate, jamaah_at: r.jamaahAt }));
      // xmax = 0 only for freshly inserted rows: tells inserts from updates in one statement.
      const result = await trx('mosque_fajr_times')
        .insert(chunk)
        .onConflict(['mosque_id', 'local_date'])
        .merge(['jamaah_at'])
        .returning(trx.raw('(xmax = 0) as inserted'));
      for (const r of result as { inserted: boolean }[]) {
        if (r.inserted) inserted++;
        else updated++;
      }
    }
    return { inserted, updated };
  });
}

export interface MosqueRequest {
  id: string;
  userId: string | null;
  name: string;
  address: string;
  status: 'open' | 'added' | 'rejected';
  resolutionNote: string | null;
  mosqueId: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

const requestSelect = [
  'id',
  'user_id as userId',
  'name',
  'address',
  'status',
  'resolution_note as resolutionNote',
  'mosque_id as mosqueId',
  'created_at as createdAt',
  'resolved_at as resolvedAt',
];

/** Mosque requests, oldest first; only open ones unless `all`. */
export async function listMosqueRequests(db: Knex, opts: { all?: boolean } = {}): Promise<MosqueRequest[]> {
  const q = db('mosque_requests')
    .select(requestSelect)
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  if (!opts.all) q.where({ status: 'open' });
  return q;
}

/** A user's own mosque requests, newest first, with the mosque's name once one was added (the account shows how each went). */
export async function listUserMosqueRequests(
  db: Knex,
  userId: string,
): Promise<(MosqueRequest & { mosqueName: string | null })[]> {
  return db('mosque_requests as r')
    .leftJoin('mosques as m', 'm.id', 'r.mosque_id')
    .select([...requestSelect.map((c) => `r.${c}`), 'm.name as mosqueName'])
    .where('r.user_id', userId)
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ]);
}

/** One mosque request by id. */
export async function findMosqueRequest(db: Knex, id: string): Promise<MosqueRequest | undefined> {
  if (!isUuid(id)) return undefined;
  return db('mosque_requests').select(requestSelect).where({ id }).first();
}

/** Resolves an open request: the mosque added for it, or a rejection note. Undefined when not open. */
export async function resolveMosqueRequest(
  db: Knex,
  id: string,
  resolution: { added: string } | { rejected: string },
  now = new Date(),
): Promise<MosqueRequest | undefined> {
  const changes =
    'added' in resolution
      ? { status: 'added', mosque_id: resolution.added, resolution_note: 'Mosque added', resolved_at: now }
      : { status: 'rejected', resolution_note: resolution.rejected, resolved_at: now };
  const [row] = await db('mosque_requests').where({ id, status: 'open' }).update(changes).returning(requestSelect);
  return row;
}
