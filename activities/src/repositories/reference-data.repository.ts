import type { Knex } from 'knex';

export interface CalcOption {
  name: string;
  label: string;
  description: string;
  isDefault: boolean;
}

export interface MosqueSummary {
  id: string;
  mosqueName: string;
  mosqueAddr: string;
}

const calcColumns = ['name', 'label', 'description', 'is_default as isDefault'];

/** Prayer calculation methods in display order. */
export function listPrayerCalcMethods(db: Knex): Promise<CalcOption[]> {
  return db('prayer_calc_methods')
    .select(calcColumns)
    .orderBy([{ column: 'sort_order' }, { column: 'name' }]);
}

/** High-latitude rules in display order. */
export function listPrayerCalcHighLats(db: Knex): Promise<CalcOption[]> {
  return db('prayer_calc_high_lats')
    .select(calcColumns)
    .orderBy([{ column: 'sort_order' }, { column: 'name' }]);
}

/** The adhaan catalogue: title (the id) and audio link. */
export function listAdhaans(db: Knex): Promise<{ title: string; link: string }[]> {
  return db('adhaans')
    .select('title', 'audio_url as link')
    .orderBy([{ column: 'sort_order' }, { column: 'title' }]);
}

/** Call time preferences in display order, with their offset after Fajr or sunrise (`relativeTo`). */
export function listCallTimePrefs(
  db: Knex,
): Promise<{ title: string; offsetMinutes: number; relativeTo: 'fajr' | 'sunrise' }[]> {
  return db('call_time_prefs')
    .select('title', 'offset_minutes as offsetMinutes', 'relative_to as relativeTo')
    .orderBy([{ column: 'sort_order' }, { column: 'title' }]);
}

/** Mosques offered to users (active ones), by name. */
export function listActiveMosques(db: Knex): Promise<MosqueSummary[]> {
  return db('mosques')
    .select('id', 'name as mosqueName', 'address as mosqueAddr')
    .where({ is_active: true })
    .orderBy([{ column: 'name' }, { column: 'city_name' }]);
}

async function exists(db: Knex, table: string, column: string, value: string): Promise<boolean> {
  return Boolean(await db(table).where(column, value).first(db.raw('1')));
}

export const prayerCalcMethodExists = (db: Knex, name: string) => exists(db, 'prayer_calc_methods', 'name', name);
export const prayerCalcHighLatExists = (db: Knex, name: string) => exists(db, 'prayer_calc_high_lats', 'name', name);
export const adhaanExists = (db: Knex, title: string) => exists(db, 'adhaans', 'title', title);
export const callTimePrefExists = (db: Knex, title: string) => exists(db, 'call_time_prefs', 'title', title);

/** An active mosque by id (inactive or unknown: undefined). */
export async function findActiveMosque(
  db: Knex,
  id: string,
): Promise<{ id: string; name: string; tzName: string } | undefined> {
  return db('mosques').select('id', 'name', 'tz_name as tzName').where({ id, is_active: true }).first();
}

/** The defaults a new user's preferences start from (the catalogue rows marked default). */
export async function defaultCalcChoices(db: Knex): Promise<{ prayerCalcMethod: string; prayerCalcHlat: string }> {
  const [method, hlat] = await Promise.all([
    db('prayer_calc_methods')
      .select('name')
      .orderBy([{ column: 'is_default', order: 'desc' }, { column: 'sort_order' }])
      .first(),
    db('prayer_calc_high_lats')
      .select('name')
      .orderBy([{ column: 'is_default', order: 'desc' }, { column: 'sort_order' }])
      .first(),
  ]);
  if (!method || !hlat) throw new Error('The prayer calculation catalogue is empty: run the seeds');
  return { prayerCalcMethod: method.name, prayerCalcHlat: hlat.name };
}
