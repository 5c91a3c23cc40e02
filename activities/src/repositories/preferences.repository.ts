import type { Knex } from 'knex';
import type { EntitlementSubject, Plan } from '../domain/entitlements';
import { DEFAULT_POLAR_CONVENTION } from '../domain/planning';
import { TAHAJJUD_MINUTES, type TahajjudNights, type TahajjudPoint } from '../domain/tahajjud-call';
import { defaultCalcChoices } from './reference-data.repository';

export const DEFAULT_ADHAAN = 'Default';
export const DEFAULT_CALL_TIME_PREF = 'As soon as Fajr starts';

/** A user's stored Fajr preferences. */
export interface Preferences {
  countryName: string | null;
  countryCode: string | null;
  cityName: string | null;
  lat: number | null;
  lng: number | null;
  tzName: string | null;
  prayerCalcMethod: string;
  prayerCalcHlat: string;
  /** What gives Fajr on dates the method gives none (planner's POLAR_CONVENTIONS). */
  polarConvention: string;
  /** A published timetable chosen instead of the method (published_timetables.id); null = the method. */
  prayerTimetableId: string | null;
  mosqueId: string | null;
  allowCalls: boolean;
  fajrAdhaanId: string;
  fajrCallTimePref: string;
  allowRepeatCalls: boolean;
  /** Whether calls ask for a key press once awake (docs/CALLS.md); on for new users. */
  awakeCheck: boolean;
  /** Minutes before the mosque's jama'ah a mosque user is called (5 to 60; SPEC's 30 by default). */
  mosqueLeadMinutes: number;
  /** Opt-in: an evening SMS the day before the mosque's jama'ah moves 5 minutes or more (issue 46 point 4). */
  jamaahChangeSms: boolean;
  /** Premium opt-in: the last call before sunrise when nothing that morning woke the user (issue 47 point 1). */
  sunriseCall: boolean;
  /** How many minutes before sunrise that call comes (SUNRISE_CALL_MINUTES: 5 to 40, 20 by default). */
  sunriseCallMinutes: number;
  /** Premium opt-in: a call in the last third of the night before Fajr (issue 47 point 4). */
  tahajjudCall: boolean;
  /** Where in the last third: its start, middle, or tahajjudMinutes before Fajr. */
  tahajjudPoint: TahajjudPoint;
  /** Minutes before Fajr for the point before_fajr (TAHAJJUD_MINUTES: 30 to 180, 60 by default). */
  tahajjudMinutes: number;
  /** Which nights: every, Mondays and Thursdays, or Ramadan's last ten. */
  tahajjudNights: TahajjudNights;
}

/** The last call before sunrise: how many minutes before it the user may choose, and the default. */
export const SUNRISE_CALL_MINUTES = { min: 5, max: 40, default: 20 } as const;

const columns: Record<keyof Preferences, string> = {
  countryName: 'country_name',
  countryCode: 'country_code',
  cityName: 'city_name',
  lat: 'lat',
  lng: 'lng',
  tzName: 'tz_name',
  prayerCalcMethod: 'prayer_calc_method',
  prayerCalcHlat: 'prayer_calc_hlat',
  polarConvention: 'prayer_polar_convention',
  prayerTimetableId: 'prayer_timetable_id',
  mosqueId: 'mosque_id',
  allowCalls: 'allow_calls',
  fajrAdhaanId: 'fajr_adhaan_id',
  fajrCallTimePref: 'fajr_call_time_pref',
  allowRepeatCalls: 'allow_repeat_calls',
  awakeCheck: 'awake_check',
  mosqueLeadMinutes: 'mosque_lead_minutes',
  jamaahChangeSms: 'jamaah_change_sms',
  sunriseCall: 'sunrise_call',
  sunriseCallMinutes: 'sunrise_call_minutes',
  tahajjudCall: 'tahajjud_call',
  tahajjudPoint: 'tahajjud_point',
  tahajjudMinutes: 'tahajjud_minutes',
  tahajjudNights: 'tahajjud_nights',
};

function toRow(p: Partial<Preferences>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined) row[columns[k as keyof Preferences]] = v;
  return row;
}

/** A user's preferences, or undefined when none are stored yet. */
export async function findPreferences(db: Knex, userId: string): Promise<Preferences | undefined> {
  return db('preferences')
    .select(Object.entries(columns).map(([k, c]) => `${c} as ${k}`))
    .where({ user_id: userId })
    .first();
}

/** What the entitlement module needs about a user; undefined when the user does not exist. */
export async function findEntitlementSubject(db: Knex, userId: string): Promise<EntitlementSubject | undefined> {
  const row = await db('users').select('plan', 'is_app_user', 'trial_ends_at').where({ id: userId }).first();
  return row
    ? { plan: (row.plan as Plan | null) ?? null, isAppUser: row.is_app_user, trialEndsAt: row.trial_ends_at ?? null }
    : undefined;
}

/** Preferences a user starts with: calls on, default method and rule, default adhaan and call time. */
export async function defaultPreferences(db: Knex): Promise<Preferences> {
  return {
    countryName: null,
    countryCode: null,
    cityName: null,
    lat: null,
    lng: null,
    tzName: null,
    ...(await defaultCalcChoices(db)),
    polarConvention: DEFAULT_POLAR_CONVENTION,
    prayerTimetableId: null,
    mosqueId: null,
    allowCalls: true,
    fajrAdhaanId: DEFAULT_ADHAAN,
    fajrCallTimePref: DEFAULT_CALL_TIME_PREF,
    allowRepeatCalls: false,
    awakeCheck: true,
    mosqueLeadMinutes: 30,
    jamaahChangeSms: false,
    sunriseCall: false,
    sunriseCallMinutes: SUNRISE_CALL_MINUTES.default,
    tahajjudCall: false,
    tahajjudPoint: 'start',
    tahajjudMinutes: TAHAJJUD_MINUTES.default,
    tahajjudNights: 'every',
  };
}

/**
 * Writes a user's preferences (all of them, or a few fields), creating the row from the defaults
 * when the user has none yet; returns what is stored afterwards.
 */
export async function upsertPreferences(
  db: Knex,
  userId: string,
  changes: Partial<Preferences>,
  now = new Date(),
): Promise<Preferences> {
  const base = (await findPreferences(db, userId)) ?? (await defaultPreferences(db));
  const next = { ...base, ...changes };
  await db('preferences')
    .insert({ user_id: userId, ...toRow(next), updated_at: now })
    .onConflict('user_id')
    .merge({ ...toRow(changes), updated_at: now });
  return next;
}

/** Records that the user keeps their settings over this place suggestion ('method/rule', suggestionKey). */
export async function declinePlaceSuggestion(db: Knex, userId: string, key: string, now: Date): Promise<void> {
  await db('preferences').where({ user_id: userId }).update({ declined_place_suggestion: key, updated_at: now });
}

/** A home-city user's place and saved choice (no mosque, no published timetable), for comparing with the place's defaults. */
export interface HomeCityChoice {
  countryCode: string | null;
  countryName: string | null;
  cityName: string;
  lat: number | null;
  lng: number | null;
  prayerCalcMethod: string;
  prayerCalcHlat: string;
  declinedPlaceSuggestion: string | null;
}

/** Every home-city user's place and method choice (operators' `defaults list`). */
export async function listHomeCityChoices(db: Knex): Promise<HomeCityChoice[]> {
  return db('preferences')
    .select(
      'country_code as countryCode',
      'country_name as countryName',
      'city_name as cityName',
      'lat',
      'lng',
      'prayer_calc_method as prayerCalcMethod',
      'prayer_calc_hlat as prayerCalcHlat',
      'declined_place_suggestion as declinedPlaceSuggestion',
    )
    .whereNotNull('city_name')
    .whereNull('mosque_id')
    .whereNull('prayer_timetable_id');
}
