import { z } from 'zod';
import { freeText, polarConvention, resultOf } from './common';

/**
 * Labels, descriptions and rules' words are in the request's language (the account's, else Accept-Language);
 * `name`s and `title`s are ids and stay as they are.
 */
export const prayerCalcData = z.object({
  timezones: z.array(z.object({ tzName: z.string() })),
  /**
   * `reference`: the authority's own page (or where the method is documented), opened from settings in a new tab.
   * `checkedAgainst`: the authority's published times this method reproduces to the minute; null where none was found.
   * `namesAuthority`: false for a convention that names no authority (Gulf Region, France 15° and 18°), which
   * no authority's table can check.
   * `ownHighLatRule`: the authority's own rule for nights without twilight, in words, where it replaces the
   * user's high-latitude rule for Fajr (DUM RT's, the Moonsighting Committee's); null where the user's applies.
   */
  prayerCalcMethods: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      description: z.string(),
      reference: z.string().nullable(),
      checkedAgainst: z.string().nullable(),
      namesAuthority: z.boolean(),
      ownHighLatRule: z.string().nullable(),
      isDefault: z.boolean(),
    }),
  ),
  /** Authorities' published timetables, each offered (as a method) to users whose city it was published for. */
  publishedTimetables: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      description: z.string(),
      countryCode: z.string(),
      cityName: z.string(),
      /** A zone's table (JAKIM e-Solat: 'PLS01'): offered to every city whose `jakimZone` is this; null = a city's table. */
      zoneCode: z.string().nullable(),
      /** Where the table was taken from; null when the operator recorded none. */
      reference: z.string().nullable(),
    }),
  ),
  prayerCalcHighLats: z.array(
    z.object({ name: z.string(), label: z.string(), description: z.string(), isDefault: z.boolean() }),
  ),
  mosques: z.array(z.object({ id: z.string(), mosqueName: z.string(), mosqueAddr: z.string() })),
  /** `title` is the adhaan's id (users' `fajrAdhaanId`); `label` is how to show it, in the request's language. */
  fajrAdhaans: z.array(z.object({ title: z.string(), link: z.string(), label: z.string() })),
  /**
   * `title` is SPEC's English value, the id the client sends back (`fajrCallTimePrefTitle`); `label` is how to
   * show it, in the request's language ("بعد دخول وقت الفجر بـ10 دقائق"); `relativeTo` says whether it counts
   * from the start of Fajr or back from sunrise ("30 minutes before sunrise": never before Fajr starts); the
   * server always says which (a client may read its absence as 'fajr').
   */
  fajrCallTimePrefs: z.array(
    z.object({ title: z.string(), label: z.string(), relativeTo: z.enum(['fajr', 'sunrise']).optional() }),
  ),
});
export const prayerCalcResult = resultOf(prayerCalcData);

const currencies = z.record(z.string(), z.object({ unit_amount: z.number().int() }));
export const staticResult = resultOf(
  z.object({
    prices: z.object({
      basic: z.object({ currencies }),
      plus: z.object({ currencies }),
      premium: z.object({ currencies }),
    }),
  }),
);

export const citiesParams = z.object({
  country: z.string().regex(/^([A-Za-z]{2}|any)$/, 'country must be a 2-letter code or "any"'),
});
export const citiesQuery = z.object({ city: z.string().trim().min(1, 'Please enter a city').max(100) }).strict();
export const city = z.object({
  id: z.number().int(),
  name: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  adminName: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  tzName: z.string(),
  population: z.number().int(),
  /** e.g. "London, England, United Kingdom" */
  description: z.string(),
  /** The method and high-latitude rule a user here starts with (the country's authority, the latitude's rule). */
  prayerCalcMethod: z.string(),
  prayerCalcHlat: z.string(),
  polarConvention: polarConvention,
  /** Why, for the settings screen: "JAKIM — used in Malaysia". */
  methodReason: z.string(),
  /** The city's JAKIM e-Solat zone (Malaysia): its code and how settings name it ("JAKIM zone PLS01 (Perlis)"); null elsewhere. */
  jakimZone: z.object({ code: z.string(), label: z.string() }).nullable(),
});
export type City = z.infer<typeof city>;
export const citiesResult = resultOf(z.array(city));

export const mosqueRequestBody = z
  .object({ name: freeText(z.string().max(200)).default(''), address: freeText(z.string().max(500)).default('') })
  .strict();
export const feedbackBody = z
  .object({
    rating: z.number().int().min(1).max(5).nullable().optional(),
    comments: freeText(z.string().max(5000).nullable().optional()),
  })
  .strict();
export const feedbackTypes = ['General', 'Feedback', 'Feature Request', 'Issue'] as const;
export const contactBody = z
  .object({
    email: z.string({ error: 'Please enter an email' }).trim().min(1, 'Please enter an email').max(254),
    type: z.enum(feedbackTypes).default('General'),
    details: freeText(
      z
        .string({ error: 'Please enter the details of your request' })
        .trim()
        .min(1, 'Please enter the details of your request')
        .max(5000),
    ),
  })
  .strict();
