import type { UserProfileRow } from '../repositories/users.repository';
import { entitlementsOf } from './entitlements';

/** The signed-in user as the API shows it (SPEC section 3; the contract is api/src/contracts/users.contract.ts). */
export function toUserView(p: UserProfileRow, opts: { fajrCallerNumber: string; now: Date }) {
  const e = entitlementsOf({ plan: p.plan, isAppUser: p.is_app_user, trialEndsAt: p.trial_ends_at }, opts.now);
  return {
    id: p.id,
    email: p.email,
    phoneNumber: p.phone_number,
    phoneNumberVerified: p.phone_verified_at !== null,
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
    prayerCalcMethod: p.prayer_calc_method,
    prayerCalcHlat: p.prayer_calc_hlat,
    allowCalls: p.allow_calls,
    fajrAdhaanId: p.fajr_adhaan_id,
    fajrCallTimePrefTitle: p.fajr_call_time_pref,
    allowRepeatCalls: p.allow_repeat_calls,
    fajrCallerNumber: opts.fajrCallerNumber,
    createdAt: p.created_at.toISOString(),
  };
}

export type UserView = ReturnType<typeof toUserView>;
