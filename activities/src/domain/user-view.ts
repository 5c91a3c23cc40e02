import { entitlementsOf, type Plan } from './entitlements';
import { placeSuggestion } from './planning/place-defaults';
import { prayerTimesSourceOf } from './prayer-times-source';
import { publishedTableLabel } from './planning/jakim-zones';
import type { TahajjudNights, TahajjudPoint } from './tahajjud-call';

/** A user with their preferences and mosque name, as stored: everything the current-user view shows (no secrets). */
export interface UserProfile {
  id: string;
  email: string | null;
  phone_number: string | null;
  phone_verified_at: Date | null;
  second_phone_number: string | null;
  second_phone_verified_at: Date | null;
  is_app_user: boolean;
  trial_ends_at: Date | null;
  plan: Plan | null;
  created_at: Date;
  language: string;
  call_language: string | null;
  hijri_offset: number;
  country_name: string | null;
  country_code: string | null;
  city_name: string | null;
  lat: number | null;
  lng: number | null;
  tz_name: string | null;
  prayer_calc_method: string;
  prayer_calc_hlat: string;
  prayer_polar_convention: string;
  prayer_timetable_id: string | null;
  /** The chosen published timetable (published_timetables) and its last date; null without one. */
  timetable_authority?: string | null;
  timetable_city?: string | null;
  timetable_zone?: string | null;
  timetable_last_date?: string | null;
  mosque_id: string | null;
  mosque_name: string | null;
  /** The mosque's zone (null without a mosque). */
  mosque_tz_name: string | null;
  allow_calls: boolean;
  fajr_adhaan_id: string;
  fajr_call_time_pref: string;
  allow_repeat_calls: boolean;
  awake_check: boolean;
  mosque_lead_minutes: number | null;
  jamaah_change_sms: boolean | null;
  sunrise_call?: boolean | null;
  sunrise_call_minutes?: number | null;
  tahajjud_call?: boolean | null;
  tahajjud_point?: TahajjudPoint | null;
  tahajjud_minutes?: number | null;
  tahajjud_nights?: TahajjudNights | null;
  declined_place_suggestion: string | null;
}

/** The signed-in user as the API shows it (SPEC section 3; the contract is api/src/contracts/users.contract.ts). */
export function toUserView(p: UserProfile, opts: { fajrCallerNumber: string; now: Date }) {
  const e = entitlementsOf({ plan: p.plan, isAppUser: p.is_app_user, trialEndsAt: p.trial_ends_at }, opts.now);
  return {
    id: p.id,
    email: p.email,
    phoneNumber: p.phone_number,
    phoneNumberVerified: p.phone_verified_at !== null,
    /** The Premium second number (shown whatever the plan: it is the user's; called only while Premium). */
    secondPhoneNumber: p.second_phone_number,
    secondPhoneNumberVerified: p.second_phone_verified_at !== null,
    subscriptionPlanName: p.plan,
    isAppUser: p.is_app_user,
    isFree: e.isFree,
    freeTrialDaysRemaining: e.freeTrialDaysRemaining,
    isPlus: e.isPlus,
    isPremium: e.isPremium,
    mosqueId: p.mosque_id,
    mosqueName: p.mosque_name,
    countryName: p.country_name,
    countryCode: p.country_code,
    cityName: p.city_name,
    lat: p.lat,
    lng: p.lng,
    tzName: p.tz_name,
    // The zone the calls are planned in, as the call plan source picks it (call-plans.repository): a
    // mosque user's calls follow the mosque's clock, whatever city (and zone) they chose before.
    callTzName: p.mosque_id && p.mosque_tz_name ? p.mosque_tz_name : p.tz_name,
    prayerCalcMethod: p.prayer_calc_method,
    prayerCalcHlat: p.prayer_calc_hlat,
    polarConvention: p.prayer_polar_convention,
    prayerTimetableId: p.prayer_timetable_id,
    // Where the Fajr times come from, for the settings' source line ("JAKIM zone PLS01 (Perlis)"), and
    // whether the chosen table ran out (the method gives the times until the next is installed).
    prayerTimesSource: prayerTimesSourceOf(
      {
        ...p,
        timetable_label:
          p.timetable_authority && p.timetable_city
            ? publishedTableLabel({
                authority: p.timetable_authority,
                cityName: p.timetable_city,
                zoneCode: p.timetable_zone,
              })
            : null,
        timetable_last_date: p.timetable_last_date ?? null,
      },
      opts.now,
    ),
    // What a user picking this city today would start with (issue 16): settings offer it where the saved
    // choice differs (defaults improve; saved choices never change silently), until the user keeps their own.
    placeSuggestion: placeSuggestion(
      { cityName: p.city_name, countryCode: p.country_code, countryName: p.country_name, lat: p.lat, lng: p.lng },
      p.declined_place_suggestion,
    ),
    allowCalls: p.allow_calls,
    fajrAdhaanId: p.fajr_adhaan_id,
    fajrCallTimePrefTitle: p.fajr_call_time_pref,
    allowRepeatCalls: p.allow_repeat_calls,
    awakeCheck: p.awake_check,
    mosqueLeadMinutes: p.mosque_lead_minutes ?? 30,
    jamaahChangeSms: !!p.jamaah_change_sms,
    sunriseCall: !!p.sunrise_call,
    sunriseCallMinutes: p.sunrise_call_minutes ?? 20,
    // Tahajjud calls (Premium; issue 47 point 4): off, at the last third's start, every night, 60 minutes by default.
    tahajjudCall: !!p.tahajjud_call,
    tahajjudPoint: p.tahajjud_point ?? ('start' as TahajjudPoint),
    tahajjudMinutes: p.tahajjud_minutes ?? 60,
    tahajjudNights: p.tahajjud_nights ?? ('every' as TahajjudNights),
    language: p.language,
    callLanguage: p.call_language,
    hijriOffset: p.hijri_offset,
    fajrCallerNumber: opts.fajrCallerNumber,
    createdAt: p.created_at.toISOString(),
  };
}

export type UserView = ReturnType<typeof toUserView>;
