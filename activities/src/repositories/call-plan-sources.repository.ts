import { preparedQuery, type Knex } from './db';
import { joinLiveSession } from './sessions.repository';
import { entitlementsOf, type Entitlements, type Plan } from '../domain/entitlements';
import {
  DEFAULT_POLAR_CONVENTION,
  MOSQUE_CALL_LEAD_MINUTES,
  MOSQUE_FALLBACK_GAP_MINUTES,
  type CallTimeBase,
} from '../domain/planning';
import { publishedTimetableLabel } from './published-timetables.repository';
import { callLanguageOf, type CallLanguage } from '../domain/call-speech';
import { jakimZoneAt } from '../domain/planning/jakim-zones';

/** Everything about a user that decides whether and when they are called (never leaves the process that loaded it). */
export interface CallPlanSource {
  userId: string;
  phoneNumber: string | null;
  /** Whether the number was proved by a one-time code: no call of any kind goes to an unproved number. */
  phoneVerified: boolean;
  /** The second number, only once proved by code (null otherwise): tried when attempt 1 goes unanswered (Premium). */
  secondPhoneNumber: string | null;
  entitlements: Entitlements;
  allowCalls: boolean;
  allowRepeatCalls: boolean;
  /** The last call before sunrise (Premium opt-in), this many minutes before it; null when off. */
  sunriseCallMinutes: number | null;
  /** Whether calls ask for a key press once awake. */
  awakeCheck: boolean;
  adhaanTitle: string;
  adhaanUrl: string;
  /** The zone of the user's local dates (the mosque's for mosque users); null when no place is set. */
  tzName: string | null;
  /** Home: the user's city. Mosque: the mosque (jamaah times are loaded per date range). */
  base:
    | {
        kind: 'home';
        lat: number;
        lng: number;
        /** The call time preference: minutes after `relativeTo` (Fajr's start, or sunrise when negative before it). */
        offsetMinutes: number;
        /** Absent = from Fajr (a Fajr friend's call is at Fajr). */
        relativeTo?: CallTimeBase;
      }
    | {
        kind: 'mosque';
        mosqueId: string;
        /** The mosque's name, said in a call that tells of tomorrow's jama'ah change. */
        mosqueName: string;
        lat: number;
        lng: number;
        /** How long before the jama'ah the member is called (their choice, 5 to 60). */
        leadMinutes: number;
        /** The mosque's usual gap after calculated Fajr: its stated fallback when its own times run out. */
        fallbackGapMinutes: number;
      }
    | null;
  calcMethod: string;
  highLatRule: string;
  polarConvention: string;
  /** A published timetable the user chose instead of the method (home users only); null = the method. */
  timetable: { id: string; label: string } | null;
  /** The language the calls speak: the call language, else the interface language (a friend's: theirs, else the inviter's). */
  callLanguage: CallLanguage;
  /** Set when this is a Fajr friend's source (friends.repository): who is greeted, and by whose invitation. */
  friend?: { id: string; firstName: string; inviterName: string };
}

/** One row of loadCallPlanSource's query (left joins: everything but the user may be null). */
interface PlanSourceRow {
  id: string;
  phone_number: string | null;
  phone_verified_at: Date | null;
  second_phone_number: string | null;
  second_phone_verified_at: Date | null;
  plan: string | null;
  is_app_user: boolean;
  trial_ends_at: Date | null;
  has_prefs: string | null;
  lat: number | null;
  lng: number | null;
  tz_name: string | null;
  country_code: string | null;
  prayer_calc_method: string | null;
  prayer_calc_hlat: string | null;
  prayer_polar_convention: string | null;
  mosque_id: string | null;
  allow_calls: boolean | null;
  allow_repeat_calls: boolean | null;
  sunrise_call: boolean | null;
  sunrise_call_minutes: number | null;
  awake_check: boolean | null;
  fajr_adhaan_id: string | null;
  audio_url: string | null;
  offset_minutes: number | null;
  relative_to: CallTimeBase | null;
  m_lat: number | null;
  m_lng: number | null;
  m_tz: string | null;
  m_name: string | null;
  m_gap: number | null;
  mosque_lead_minutes: number | null;
  default_audio_url: string | null;
  pt_id: string | null;
  pt_authority: string | null;
  pt_city: string | null;
  pt_zone: string | null;
  language: string | null;
  call_language: string | null;
}

/** Users with everything that decides their calls (left joins: everything but the user may be missing). */
function planSources(db: Knex) {
  return (
    db('users as u')
      .leftJoin('preferences as p', 'p.user_id', 'u.id')
      .leftJoin('call_time_prefs as c', 'c.title', 'p.fajr_call_time_pref')
      .leftJoin('adhaans as a', 'a.title', 'p.fajr_adhaan_id')
      .leftJoin('mosques as m', 'm.id', 'p.mosque_id')
      .leftJoin('published_timetables as pt', 'pt.id', 'p.prayer_timetable_id')
      // The default adhaan in the same round trip (everyone without a chosen one is called with it).
      .leftJoin('adhaans as d', (j) => j.onVal('d.title', '=', 'Default'))
      .select(
        'u.id',
        'u.phone_number',
        'u.phone_verified_at',
        'u.second_phone_number',
        'u.second_phone_verified_at',
        'u.plan',
        'u.is_app_user',
        'u.trial_ends_at',
        'p.user_id as has_prefs',
        'p.lat',
        'p.lng',
        'p.tz_name',
        'p.country_code',
        'p.prayer_calc_method',
        'p.prayer_calc_hlat',
        'p.prayer_polar_convention',
        'p.mosque_id',
        'p.allow_calls',
        'p.allow_repeat_calls',
        'p.sunrise_call',
        'p.sunrise_call_minutes',
        'p.awake_check',
        'p.fajr_adhaan_id',
        'a.audio_url',
        'c.offset_minutes',
        'c.relative_to',
        'm.lat as m_lat',
        'm.lng as m_lng',
        'm.tz_name as m_tz',
        'm.name as m_name',
        'm.usual_gap_minutes as m_gap',
        'p.mosque_lead_minutes',
        'd.audio_url as default_audio_url',
        'pt.id as pt_id',
        'pt.authority as pt_authority',
        'pt.city_name as pt_city',
        'pt.zone_code as pt_zone',
        'u.language',
        'u.call_language',
      )
      .limit(1)
  );
}

/** Loads a user's planning inputs; undefined when the account does not exist. */
export async function loadCallPlanSource(db: Knex, userId: string, now: Date): Promise<CallPlanSource | undefined> {
  // Prepared: every dial re-checks this just before its slot.
  const [row] = await planSourceQuery(db, userId);
  return row ? planSourceOf(row, now) : undefined;
}

const planSourceQuery = preparedQuery<[userId: string], PlanSourceRow>((db, userId) =>
  planSources(db).where('u.id', userId),
);

/**
 * The planning inputs of the user a live session token hash belongs to, with the session's id, in
 * one round trip: what the schedule reads need, asked once instead of session then user.
 */
export async function loadCallPlanSourceBySession(
  db: Knex,
  tokenHash: string,
  now: Date,
): Promise<{ sessionId: string; src: CallPlanSource } | undefined> {
  const [row] = await planSourceBySessionQuery(db, tokenHash, now);
  return row ? { sessionId: row.session_id, src: planSourceOf(row, now) } : undefined;
}

const planSourceBySessionQuery = preparedQuery<[tokenHash: string, now: Date], PlanSourceRow & { session_id: string }>(
  (db, tokenHash, now) => joinLiveSession(planSources(db), tokenHash, now).select('s.id as session_id'),
);

function planSourceOf(row: PlanSourceRow, now: Date): CallPlanSource {
  const entitlements = entitlementsOf(
    { plan: (row.plan as Plan | null) ?? null, isAppUser: row.is_app_user, trialEndsAt: row.trial_ends_at },
    now,
  );
  let base: CallPlanSource['base'] = null;
  let tzName: string | null = null;
  if (row.mosque_id && row.m_tz) {
    base = {
      kind: 'mosque',
      mosqueId: row.mosque_id,
      mosqueName: row.m_name ?? '',
      lat: row.m_lat!,
      lng: row.m_lng!,
      leadMinutes: row.mosque_lead_minutes ?? MOSQUE_CALL_LEAD_MINUTES,
      fallbackGapMinutes: row.m_gap ?? MOSQUE_FALLBACK_GAP_MINUTES,
    };
    tzName = row.m_tz;
  } else if (row.lat != null && row.lng != null && row.tz_name) {
    // Call time preferences are a Plus feature: others are called as soon as Fajr starts, whatever is stored.
    const chosen = entitlements.canChooseCallTime;
    const offsetMinutes = chosen ? (row.offset_minutes ?? 0) : 0;
    const relativeTo: CallTimeBase = chosen ? (row.relative_to ?? 'fajr') : 'fajr';
    // JAKIM publishes one time per zone, computed at the zone's reference point: a Malaysian user of its
    // method gets that zone's times, not their own point's (at Kuala Perlis itself 14 % of 2024's days were within a minute).
    const zone = row.prayer_calc_method === 'Jakim' ? jakimZoneAt(row.country_code, row.lat, row.lng) : null;
    base = { kind: 'home', lat: zone?.lat ?? row.lat, lng: zone?.lng ?? row.lng, offsetMinutes, relativeTo };
    tzName = row.tz_name;
  }
  return {
    userId: row.id,
    phoneNumber: row.phone_number,
    phoneVerified: row.phone_verified_at !== null,
    secondPhoneNumber: row.second_phone_verified_at !== null ? row.second_phone_number : null,
    entitlements,
    allowCalls: row.has_prefs ? !!row.allow_calls : false,
    allowRepeatCalls: !!row.allow_repeat_calls,
    sunriseCallMinutes: row.sunrise_call ? (row.sunrise_call_minutes ?? 20) : null,
    awakeCheck: !!row.awake_check,
    // Custom adhaans are a Plus feature too.
    adhaanTitle: entitlements.canChooseAdhaan && row.fajr_adhaan_id ? row.fajr_adhaan_id : 'Default',
    adhaanUrl:
      entitlements.canChooseAdhaan && row.audio_url ? row.audio_url : (row.default_audio_url ?? DEFAULT_ADHAAN_URL),
    tzName,
    base,
    calcMethod: row.prayer_calc_method ?? 'MuslimWorldLeague',
    highLatRule: row.prayer_calc_hlat ?? 'MiddleOfTheNight',
    polarConvention: row.prayer_polar_convention ?? DEFAULT_POLAR_CONVENTION,
    callLanguage: callLanguageOf(row.call_language, row.language),
    timetable:
      base?.kind === 'home' && row.pt_id
        ? {
            id: row.pt_id,
            label: publishedTimetableLabel({
              authority: row.pt_authority!,
              cityName: row.pt_city!,
              zoneCode: row.pt_zone,
            }),
          }
        : null,
  };
}

/** Where the default adhaan is served should its catalogue row be missing. */
export const DEFAULT_ADHAAN_URL = '/api/media/adhaans/default.wav';
