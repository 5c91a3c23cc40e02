import type { Knex } from './db';
import { entitlementsOf, type Plan } from '../domain/entitlements';
import { DEFAULT_POLAR_CONVENTION, MOSQUE_CALL_LEAD_MINUTES, MOSQUE_FALLBACK_GAP_MINUTES } from '../domain/planning';
import { callLanguageOf } from '../domain/call-speech';
import { friendHomePlan } from '../domain/friends';
import { publishedTableLabel } from '../domain/planning/jakim-zones';
import { DEFAULT_ADHAAN_URL, type CallPlanSource } from './call-plans.repository';
import { defaultTimetableFor } from './published-timetables.repository';

/**
 * A friend's planning inputs, in the shape of a user's: their own city (home, as soon as Fajr starts,
 * the default method and adhaan; in Malaysia JAKIM's zone, `friendHomePlan`) or mosque (30 min before its jamaah), their number once consented, and the inviter's Premium as the only
 * entitlement (no repeats, ring-through or second number). Undefined when the friend is gone, stopped or ended.
 */
export async function loadFriendPlanSource(db: Knex, friendId: string, now: Date): Promise<CallPlanSource | undefined> {
  const row = await db('fajr_friends as f')
    .join('users as u', 'u.id', 'f.inviter_id')
    .leftJoin('adhaans as d', (j) => j.onVal('d.title', '=', 'Default'))
    .leftJoin('mosques as m', 'm.id', 'f.mosque_id')
    .where('f.id', friendId)
    .first(
      'f.*',
      'u.plan',
      'u.is_app_user',
      'u.trial_ends_at',
      'u.language as inviter_language',
      'u.call_language as inviter_call_language',
      'd.audio_url as default_audio_url',
      'm.lat as m_lat',
      'm.lng as m_lng',
      'm.tz_name as m_tz',
      'm.name as m_name',
      'm.usual_gap_minutes as m_gap',
    );
  if (!row || (row.status !== 'invited' && row.status !== 'active')) return undefined;
  const inviter = entitlementsOf(
    { plan: (row.plan as Plan | null) ?? null, isAppUser: row.is_app_user, trialEndsAt: row.trial_ends_at },
    now,
  );
  const none = entitlementsOf({ plan: null, isAppUser: false, trialEndsAt: null }, now);
  // A mosque (called 30 min before its jamaah, like a user) or a city (as soon as Fajr starts).
  const mosque =
    row.mosque_id && row.m_tz
      ? {
          kind: 'mosque' as const,
          mosqueId: row.mosque_id as string,
          mosqueName: (row.m_name as string | null) ?? '',
          lat: row.m_lat as number,
          lng: row.m_lng as number,
          leadMinutes: MOSQUE_CALL_LEAD_MINUTES,
          fallbackGapMinutes: (row.m_gap as number | null) ?? MOSQUE_FALLBACK_GAP_MINUTES,
        }
      : null;
  // In Malaysia, JAKIM's zone (its reference point, its shipped table) as for a new user there.
  const plan =
    !mosque && row.lat != null && row.lng != null && row.tz_name
      ? friendHomePlan({ lat: row.lat as number, lng: row.lng as number, tzName: row.tz_name as string })
      : null;
  const home = plan ? { kind: 'home' as const, lat: plan.lat, lng: plan.lng, offsetMinutes: 0 } : null;
  const table = plan?.zone
    ? await defaultTimetableFor(db, { countryCode: 'MY', cityName: row.city_name, lat: row.lat, lng: row.lng })
    : undefined;
  return {
    userId: row.inviter_id,
    phoneNumber: row.phone_number,
    phoneVerified: row.consented_at !== null,
    secondPhoneNumber: null,
    entitlements: { ...none, canReceiveCalls: inviter.canInviteFriends },
    allowCalls: row.status === 'active',
    allowRepeatCalls: false,
    sunriseCallMinutes: null,
    awakeCheck: false,
    adhaanTitle: 'Default',
    adhaanUrl: row.default_audio_url ?? DEFAULT_ADHAAN_URL,
    tzName: mosque ? row.m_tz : home ? row.tz_name : null,
    base: mosque ?? home,
    calcMethod: plan?.calcMethod ?? 'MuslimWorldLeague',
    highLatRule: 'MiddleOfTheNight',
    polarConvention: DEFAULT_POLAR_CONVENTION,
    timetable: table ? { id: table.id, label: publishedTableLabel(table) } : null,
    // The friend's language when the inviter chose one for them (a `language` column, if kept), else the inviter's calls'.
    callLanguage: callLanguageOf(row.language, callLanguageOf(row.inviter_call_language, row.inviter_language)),
    friend: { id: row.id, firstName: row.first_name, inviterName: row.inviter_name },
  };
}
