import { z } from 'zod';
import { isoInstant, otpCode, planSchema, polarConvention, resultOf } from './common';
import { languageSchema } from './languages.contract';

/** Email or phone number with its country prefix, in one field (SPEC: `phoneNumber`). */
export const username = z
  .string({ error: 'Please enter your email or phone number' })
  .trim()
  .min(3, 'Please enter your email or phone number')
  .max(254, 'That email or phone number is too long');

export const password = z
  .string({ error: 'Please enter a password' })
  .min(8, 'The password must be at least 8 characters')
  .max(128, 'The password must be at most 128 characters');

/**
 * The country (ISO 3166 alpha-2) a national phone number is read in: `07400 123456` with GB. The web
 * sends the one chosen beside the field (by default the browser's); numbers with + need none.
 */
export const phoneCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Please choose a country')
  .optional();

/** A phone number as people write it: international, or national with `country`. The API says exactly what is wrong with it. */
export const phoneNumberInput = z
  .string({ error: 'Please enter your phone number' })
  .trim()
  .min(1, 'Please enter your phone number')
  .max(32, 'That is too long for a phone number');

export const credentialsBody = z
  .object({
    phoneNumber: z
      .string({ error: 'Please enter your email or phone number' })
      .trim()
      .min(1, 'Please enter your email or phone number')
      .max(254, 'That email or phone number is too long'),
    password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(128),
    country: phoneCountry,
  })
  .strict();
// App sign-ups: proof that the request comes from our app (docs/NATIVE-SHELL.md "What the app sends").
/** A challenge as POST /users/app-challenge issued it (base64url). */
const appChallenge = z
  .string({ error: 'The attestation needs the challenge it was made for' })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'The challenge is not one the server issued');
/** The platform attestation an app sign-up carries: App Attest (iOS) or Play Integrity (Android), bound to a challenge. */
export const appAttestation = z.discriminatedUnion(
  'platform',
  [
    z
      .object({
        platform: z.literal('ios'),
        challenge: appChallenge,
        keyId: z
          .string()
          .min(1)
          .max(100)
          .describe('The App Attest key id (base64), from DCAppAttestService.generateKey'),
        attestationObject: z
          .string()
          .min(1)
          .max(16_384)
          .describe('attestKey(keyId, clientDataHash: SHA-256(challenge)), base64'),
      })
      .strict(),
    z
      .object({
        platform: z.literal('android'),
        challenge: appChallenge,
        integrityToken: z
          .string()
          .min(1)
          .max(8_192)
          .describe('A Play Integrity token requested with the challenge as nonce (classic) or requestHash (standard)'),
      })
      .strict(),
  ],
  { error: "The attestation's platform must be ios or android" },
);
export type AppAttestationBody = z.infer<typeof appAttestation>;
export const appChallengeResult = resultOf(
  z.object({ challenge: z.string().describe('Single use; bind the attestation to it'), expiresAt: isoInstant }),
);

/**
 * Web sign-ups give a phone number (we call it); the app may still sign up with an e-mail address. The
 * app status (no trial) needs `attestation` with `source=app`; without it the account is a web account.
 */
export const signupBody = z
  .object({ phoneNumber: username, password, country: phoneCountry, attestation: appAttestation.optional() })
  .strict();
/** Adds (or corrects, until verified) the number of an account that has none verified. */
export const phoneNumberBody = z.object({ phoneNumber: phoneNumberInput, country: phoneCountry }).strict();
export const signupQuery = z.object({ source: z.enum(['web', 'app']).default('web') });

export const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
  subscriptionPlanName: planSchema.nullable(),
  isAppUser: z.boolean(),
  isFree: z.boolean(),
  freeTrialDaysRemaining: z.number().nullable(),
  isPlus: z.boolean(),
  isPremium: z.boolean(),
  mosqueId: z.string().nullable(),
  mosqueName: z.string().nullable(),
  countryName: z.string().nullable(),
  countryCode: z.string().nullable(),
  cityName: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The chosen city's zone (what the settings form edits). */
  tzName: z.string().nullable(),
  /** The zone the calls are planned and shown in: the mosque's for a mosque user, else the city's. */
  callTzName: z.string().nullable(),
  prayerCalcMethod: z.string(),
  prayerCalcHlat: z.string(),
  polarConvention: polarConvention,
  /** A published timetable chosen instead of the method (GET /data/prayer-calc lists them); null = the method. */
  prayerTimetableId: z.string().nullable(),
  /**
   * Where the Fajr times come from, for the settings' source line: `label` is "JAKIM zone PLS01 (Perlis)"
   * (a zone's table, or JAKIM's method at the zone's reference point: `kind` 'timetable' or 'zone'),
   * "Islamiska förbundet — published timetable for Göteborg", a method's or a mosque's name. When the
   * chosen table ran out, `timetableRanOut` and `message` (English) say the method gives the times.
   */
  prayerTimesSource: z
    .object({
      kind: z.enum(['timetable', 'zone', 'method', 'mosque']),
      label: z.string(),
      zoneCode: z.string().nullable(),
      timetableLastDate: z.string().nullable(),
      timetableRanOut: z.boolean(),
      message: z.string().nullable(),
    })
    .nullable(),
  /** The method and high-latitude rule a user picking this city today starts with, and why; null without a city. */
  placeSuggestion: z
    .object({ prayerCalcMethod: z.string(), prayerCalcHlat: z.string(), reason: z.string() })
    .nullable(),
  allowCalls: z.boolean(),
  fajrAdhaanId: z.string(),
  fajrCallTimePrefTitle: z.string(),
  allowRepeatCalls: z.boolean(),
  /** Whether Fajr calls ask for a key press once awake (answered without one counts as not woken). */
  awakeCheck: z.boolean(),
  /** How long before the mosque's jama'ah a mosque user is called (5 to 60). */
  mosqueLeadMinutes: z.number(),
  /** Whether the member is texted the evening before their mosque's jama'ah moves 5 minutes or more. */
  jamaahChangeSms: z.boolean(),
  /** The last call before sunrise (Premium): on, and how many minutes before sunrise (5 to 40). */
  sunriseCall: z.boolean(),
  sunriseCallMinutes: z.number().int(),
  /** Tahajjud calls (Premium): on, where in the night's last third (start, middle, before_fajr), minutes before Fajr, which nights. */
  tahajjudCall: z.boolean(),
  tahajjudPoint: z.enum(['start', 'middle', 'before_fajr']),
  tahajjudMinutes: z.number().int(),
  tahajjudNights: z.enum(['every', 'mon_thu', 'ramadan_last10']),
  /** The interface language (and the server's messages, texts and e-mails). */
  language: languageSchema,
  /** The language the calls speak; null = the interface language. */
  callLanguage: languageSchema.nullable(),
  /** Days the Hijri date is moved from Umm al-Qura's (−2…+2), for moon-sighting communities. */
  hijriOffset: z.number().int().min(-2).max(2),
  /** The Premium second number, called at once when the first goes unanswered (only once verified). */
  secondPhoneNumber: z.string().nullable(),
  secondPhoneNumberVerified: z.boolean(),
  /** The number the Fajr calls come from. */
  fajrCallerNumber: z.string(),
  createdAt: isoInstant,
});
export type User = z.infer<typeof userSchema>;

export const sessionResult = resultOf(z.object({ user: userSchema, token: z.string() }));
export const currentUserResult = resultOf(z.object({ user: userSchema }));

export const forgetPasswordBody = z.object({ phoneNumber: username, country: phoneCountry }).strict();
/** The code step sends username and code; the final step adds the new password. */
export const resetPasswordBody = z
  .object({ phoneNumber: username, code: otpCode, password: password.optional(), country: phoneCountry })
  .strict();
export const goodbyeBody = z
  .object({ password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(128) })
  .strict();
export const goodbyeResult = resultOf(z.object({ message: z.string() }));
export const validatePhoneBody = z.object({ phoneNumber: z.string().trim().min(3).max(32) }).strict();
export const validatePhoneResult = resultOf(
  z.object({
    valid: z.boolean(),
    phoneNumber: z.string().nullable(),
    countryCode: z.string().nullable(),
    reason: z.string().optional(),
  }),
);
export const verifyPhoneCodeBody = z.object({ code: otpCode }).strict();
