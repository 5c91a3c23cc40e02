import type { User } from '@fajr/api/contracts/users.contract';
import type { PrayerCalcData } from '../api/data.api';

/** A user as GET /users/current-user returns it; override what the test is about. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    email: null,
    phoneNumber: '+447700900123',
    phoneNumberVerified: true,
    subscriptionPlanName: null,
    isAppUser: false,
    isFree: true,
    freeTrialDaysRemaining: 10,
    isPlus: false,
    isPremium: false,
    mosqueId: null,
    mosqueName: null,
    countryName: 'United Kingdom',
    countryCode: 'GB',
    cityName: 'London',
    lat: 51.5,
    lng: -0.12,
    tzName: 'Europe/London',
    callTzName: 'Europe/London',
    prayerCalcMethod: 'MuslimWorldLeague',
    prayerCalcHlat: 'TwilightAngle',
    polarConvention: 'AqrabBalad',
    prayerTimetableId: null,
    placeSuggestion: {
      prayerCalcMethod: 'MuslimWorldLeague',
      prayerCalcHlat: 'TwilightAngle',
      reason: 'Muslim World League — the general default (no national authority listed for United Kingdom)',
    },
    allowCalls: true,
    fajrAdhaanId: 'Default',
    fajrCallTimePrefTitle: 'As soon as Fajr starts',
    allowRepeatCalls: false,
    awakeCheck: true,
    mosqueLeadMinutes: 30,
    jamaahChangeSms: false,
    sunriseCall: false,
    sunriseCallMinutes: 20,
    tahajjudCall: false,
    tahajjudPoint: 'start',
    tahajjudMinutes: 60,
    tahajjudNights: 'every',
    language: 'en',
    callLanguage: null,
    hijriOffset: 0,
    prayerTimesSource: null,
    secondPhoneNumber: null,
    secondPhoneNumberVerified: false,
    fajrCallerNumber: '+441234000000',
    createdAt: '2026-11-01T10:00:00+00:00',
    ...overrides,
  };
}

export const prayerCalc: PrayerCalcData = {
  timezones: [{ tzName: 'Europe/London' }],
  prayerCalcMethods: [
    {
      name: 'MuslimWorldLeague',
      label: 'Muslim World League',
      description: 'Fajr at 18°.',
      reference: 'https://aladhan.com/calculation-methods',
      checkedAgainst: null,
      namesAuthority: true,
      ownHighLatRule: null,
      isDefault: true,
    },
    {
      name: 'ISNA',
      label: 'ISNA',
      description: 'Fajr at 15°.',
      reference: 'https://isna.net/prayertimes/',
      checkedAgainst: "ISNA's own table (30 days)",
      namesAuthority: true,
      ownHighLatRule: null,
      isDefault: false,
    },
  ],
  publishedTimetables: [],
  prayerCalcHighLats: [
    { name: 'TwilightAngle', label: 'Twilight angle', description: 'Angle-based.', isDefault: true },
  ],
  mosques: [
    {
      id: '3f1c2a4e-0000-4000-8000-000000000001',
      mosqueName: 'East London Mosque',
      mosqueAddr: '82-92 Whitechapel Rd, London E1 1JQ',
    },
  ],
  fajrAdhaans: [
    { title: 'Default', link: '/adhaans/default.mp3', label: 'Default' },
    { title: 'Makkah', link: '/adhaans/makkah.mp3', label: 'Makkah' },
  ],
  fajrCallTimePrefs: [
    { title: 'As soon as Fajr starts', label: 'As soon as Fajr starts' },
    { title: '10 minutes after Fajr starts', label: '10 minutes after Fajr starts' },
  ],
};

/** The answers every signed-in screen needs: the current user and the prices. */
export function sessionRoutes(user: User | null) {
  return {
    'GET /api/users/current-user': user
      ? { body: { result: { user } } }
      : { status: 401, body: { error: 'Please sign in' } },
    'GET /api/data/static': {
      body: {
        result: {
          prices: {
            basic: { currencies: { gbp: { unit_amount: 99 } } },
            plus: { currencies: { gbp: { unit_amount: 399 } } },
            premium: { currencies: { gbp: { unit_amount: 599 } } },
          },
        },
      },
    },
  };
}
