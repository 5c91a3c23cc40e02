import { fajrPrefsBody, type FajrPrefs } from '@fajr/api/contracts/schedules.contract';
import type { User } from '@fajr/api/contracts/users.contract';
import type { POLAR_CONVENTIONS } from '@fajr/api/contracts/common';
import { i18n } from '../../i18n/i18n';
import { MOSQUE_CALL_LEAD_MINUTES } from './mosque-lead';

export type PolarConvention = (typeof POLAR_CONVENTIONS)[number];

/** The polar-day conventions in the order offered; their plain words are settings:polar.options.<name> (the API's names are adhan's). */
export const POLAR_CONVENTIONS_OFFERED: readonly PolarConvention[] = [
  'NearestDaysBlended',
  'AqrabBalad',
  'AqrabYaum',
  'None',
];

/** The place the Fajr time is calculated for (a city from GET /data/cities). */
export interface Place {
  cityName: string | null;
  countryName: string | null;
  countryCode: string | null;
  lat: number | null;
  lng: number | null;
  tzName: string | null;
  description: string;
  /** The method and rule a user picking this city starts with, and why ("JAKIM — used in Malaysia"): for a city just picked, and for the saved one. */
  suggested?: { prayerCalcMethod: string; prayerCalcHlat: string; reason: string };
}

export interface SettingsValues {
  place: Place | null;
  prayerCalcMethod: string;
  /** An authority's published timetable for the city, chosen in the method picker instead of a method; null = the method. */
  prayerTimetableId: string | null;
  prayerCalcHlat: string;
  polarConvention: PolarConvention;
  mosqueId: string;
  allowCalls: boolean;
  fajrAdhaanId: string;
  fajrCallTimePrefTitle: string;
  allowRepeatCalls: boolean;
  /** Switched on its own (a toggle), never sent with the form. */
  awakeCheck: boolean;
  /** The evening SMS of tomorrow's jama'ah change (issue 46); a toggle too. */
  jamaahChangeSms: boolean;
  /** How long before the mosque's jama'ah a mosque call comes (5 to 60; issue 46). */
  mosqueLeadMinutes: number;
}

/** The choices of "Call me N minutes before the jama'ah" (issue 46: 5 to 60). */
export const MOSQUE_LEAD_CHOICES = [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60] as const;

/** SPEC section 9 defaults. */
export const DEFAULT_ADHAAN = 'Default';
export const DEFAULT_CALL_TIME_PREF = 'As soon as Fajr starts';

/** The form's starting values, from the current user. */
export function valuesFromUser(user: User): SettingsValues {
  const description = [user.cityName, user.countryName].filter(Boolean).join(', ');
  return {
    place: user.cityName
      ? {
          cityName: user.cityName,
          countryName: user.countryName,
          countryCode: user.countryCode,
          lat: user.lat,
          lng: user.lng,
          tzName: user.tzName,
          description,
          suggested: user.placeSuggestion ?? undefined,
        }
      : null,
    prayerCalcMethod: user.prayerCalcMethod,
    prayerTimetableId: user.prayerTimetableId,
    prayerCalcHlat: user.prayerCalcHlat,
    polarConvention: user.polarConvention,
    mosqueId: user.mosqueId ?? '',
    allowCalls: user.allowCalls,
    fajrAdhaanId: user.fajrAdhaanId || DEFAULT_ADHAAN,
    fajrCallTimePrefTitle: user.fajrCallTimePrefTitle || DEFAULT_CALL_TIME_PREF,
    allowRepeatCalls: user.allowRepeatCalls,
    awakeCheck: user.awakeCheck,
    jamaahChangeSms: user.jamaahChangeSms,
    mosqueLeadMinutes: user.mosqueLeadMinutes ?? MOSQUE_CALL_LEAD_MINUTES,
  };
}

/** SPEC section 3's preferences payload; the home tab (0) sends mosqueId null. Returns an error message when it is not valid. */
export function prefsPayload(values: SettingsValues, tab: number): { prefs: FajrPrefs } | { error: string } {
  // Said in a toast, outside any component: the catalogue is read in the language shown now.
  if (tab === 1 && !values.mosqueId) return { error: i18n.t('form.selectMosque', { ns: 'settings' }) };
  const candidate = {
    allowCalls: values.allowCalls,
    countryName: values.place?.countryName ?? null,
    countryCode: values.place?.countryCode ?? null,
    cityName: values.place?.cityName ?? null,
    lat: values.place?.lat ?? null,
    lng: values.place?.lng ?? null,
    tzName: values.place?.tzName ?? null,
    prayerCalcMethod: values.prayerCalcMethod,
    prayerTimetableId: values.prayerTimetableId,
    prayerCalcHlat: values.prayerCalcHlat,
    polarConvention: values.polarConvention,
    mosqueId: tab === 1 ? values.mosqueId : null,
    fajrAdhaanId: values.fajrAdhaanId || DEFAULT_ADHAAN,
    fajrCallDelayPref: values.fajrCallTimePrefTitle || DEFAULT_CALL_TIME_PREF,
    allowRepeatCalls: values.allowRepeatCalls,
    mosqueLeadMinutes: values.mosqueLeadMinutes,
  };
  const parsed = fajrPrefsBody.safeParse(candidate);
  if (!parsed.success)
    return { error: parsed.error.issues[0]?.message ?? i18n.t('form.checkSettings', { ns: 'settings' }) };
  return { prefs: parsed.data };
}

/** The upgrade message under a disabled (gated) control stays readable: the disabled grey fails contrast. */
export const gateHelperSx = { '&.Mui-disabled': { color: 'text.secondary' } } as const;
