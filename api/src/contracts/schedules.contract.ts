import { z } from 'zod';
import { isoInstant, localDate, polarConvention, queryInt, resultOf } from './common';

export const scheduleEntry = z.object({
  fajrCallDate: localDate,
  fajrCallTimeIso: isoInstant,
  /** Fajr start for home users; the jamaah time for mosque users. */
  fajrTimeIso: isoInstant,
  /** Null for mosque users' days without a computed sunrise. */
  sunriseTimeIso: isoInstant.nullable(),
  /**
   * Present only on dates the chosen method gives no Fajr (the sun does not rise or set there): the
   * user's polar convention that gave these times. The day also has a `fajr-by-convention` notice.
   */
  fajrConvention: z.enum(['NearestDaysBlended', 'AqrabBalad', 'AqrabYaum']).optional(),
  /**
   * Present when the user chose an authority's published timetable instead of a method: its label
   * ("Islamiska förbundet — published timetable for Stockholm"); the times are the table's, exactly.
   */
  fajrTimetable: z.string().optional(),
  /**
   * Set on a mosque member's day before the mosque's own jama'ah moves 5 minutes or more (issue 46
   * point 4): from `date` (the next day) the jama'ah is at `jamaahTimeIso`. That day's call says so too.
   */
  jamaahChange: z.object({ date: localDate, jamaahTimeIso: isoInstant }).optional(),
});
export type ScheduleEntry = z.infer<typeof scheduleEntry>;

export const scheduleQuery = z
  .object({
    // The planner's calendar is meant for real mornings; far dates gave nonsense offsets (-00:01.25 before 1847).
    from: localDate
      .refine((d) => d >= '1900-01-01' && d <= '2100-12-31', 'from must be a date between 1900 and 2100')
      .optional(),
    days: queryInt('days must be a whole number')
      .pipe(z.number().min(1, 'days must be at least 1').max(366, 'days must be at most 366'))
      .optional(),
  })
  .strict();
/** Why no call is planned ('ready' when calls go out): e.g. 'phone-unverified', 'phone-refused', 'calls-off'; `message` says it to the person. */
const callStatus = { status: z.string(), message: z.string().optional() };

/**
 * A date of the stretch worth a word: `no-fajr` (no Fajr time at that latitude) and `no-timetable`
 * (the mosque's or the chosen published timetable has none for that date) have no call; `fajr-by-convention` has one, at a polar convention's time.
 */
export const scheduleNotice = z.object({
  date: localDate,
  status: z.string(),
  message: z.string(),
  convention: z.unknown().optional(),
  /** For `no-fajr`: `polar` (no sunrise or sunset: the polar-day setting decides) or `twilight` (too light for Fajr: the high-latitude rule decides). */
  cause: z.enum(['polar', 'twilight']).optional(),
});
export type ScheduleNotice = z.infer<typeof scheduleNotice>;

/** The IANA zone the call times are planned in: the mosque's for a mosque user, else the city's. */
const callZone = z
  .string()
  .nullable()
  .describe("The zone of the call times (the mosque's for a mosque user, else the city's)");

export const scheduleResult = resultOf(z.array(scheduleEntry)).extend({
  ...callStatus,
  notices: z.array(scheduleNotice),
  tzName: callZone.optional(),
});

/**
 * What still stands between the user and their calls, in the order to do it: add or verify the phone
 * number, choose a city or mosque, a plan (the trial has ended), switch calls on.
 */
export const missingStep = z.enum(['add-phone', 'verify-phone', 'place', 'plan', 'calls-off']);
export type MissingStep = z.infer<typeof missingStep>;

/**
 * What the chain does next: the day's call, this morning's repeat (Premium), this morning's last call
 * before sunrise (Premium), or a call ringing or being dialled now.
 */
export const nextAttemptKind = z.enum(['fajr', 'repeat', 'sunrise', 'calling']);
export type NextAttemptKind = z.infer<typeof nextAttemptKind>;

/**
 * The latest morning's calls (today's or yesterday's date in the call's zone): how it ended
 * (`answered`: woken, with the key when asked; `unconfirmed`: answered without the key, which counts as
 * not woken; `missed`), or that it goes on (`calling`, `repeat-due`, `sunrise-due`: the last call before
 * sunrise at `sunriseCallAt`); and each attempt.
 */
export const morning = z.object({
  callDate: localDate,
  result: z.enum(['answered', 'unconfirmed', 'missed', 'calling', 'repeat-due', 'sunrise-due']),
  sunriseCallAt: isoInstant
    .optional()
    .describe('The last call before sunrise (Premium), still to come this morning: its planned instant'),
  attempts: z.array(
    z.object({
      kind: z.string().describe('fajr, ring-through, second-number, repeat or sunrise'),
      at: isoInstant,
      outcome: z.string().describe('pending, ringing, answered, no-answer, busy, voicemail, failed or canceled'),
      keyPressed: z
        .boolean()
        .nullable()
        .describe('Whether the awake check key was pressed; null when the call asked for none'),
    }),
  ),
});
export type Morning = z.infer<typeof morning>;

export const todayResult = resultOf(
  z.object({
    /** The Fajr (or jama'ah) time of the next attempt's day. */
    fajrTime: isoInstant.nullable(),
    /** The instant of the chain's next attempt (the day's call, or this morning's repeat). */
    fajrCallTime: isoInstant.nullable(),
    fajrCallDate: localDate.nullable(),
    nextKind: nextAttemptKind.nullable(),
    tzName: callZone,
    ...callStatus,
    missing: z.array(missingStep),
    morning: morning.nullable(),
  }),
);

const coordinate = (min: number, max: number) => z.number().min(min).max(max);

export const fajrPrefsBody = z
  .object({
    allowCalls: z.boolean(),
    countryName: z.string().trim().min(1).max(100).nullable(),
    countryCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'countryCode must be a 2-letter code')
      .nullable(),
    cityName: z.string().trim().min(1).max(100).nullable(),
    lat: coordinate(-90, 90).nullable(),
    lng: coordinate(-180, 180).nullable(),
    tzName: z.string().max(64).nullable().optional(),
    /** Omitted: the user's stored choice while the city is unchanged, else the city's default (its country's authority). */
    prayerCalcMethod: z.string().min(1).max(64).optional(),
    /** Omitted: as prayerCalcMethod, with the latitude's rule. */
    prayerCalcHlat: z.string().min(1).max(64).optional(),
    /** Omitted: as prayerCalcMethod (the stored one while the city is unchanged, else the place's default). */
    polarConvention: polarConvention.optional(),
    /**
     * An authority's published timetable for the user's city (GET /data/prayer-calc lists them), used
     * instead of the method; null = the method. Omitted: the stored one while the city is unchanged, else null.
     */
    prayerTimetableId: z.string().uuid('prayerTimetableId must be a published timetable id').nullable().optional(),
    mosqueId: z.string().uuid('mosqueId must be a mosque id').nullable(),
    fajrAdhaanId: z.string().min(1).max(100),
    fajrCallDelayPref: z.string().min(1).max(100),
    allowRepeatCalls: z.boolean(),
    /** A mosque user is called this long before the jama'ah (issue 46). Omitted: the stored choice (30 at first). */
    mosqueLeadMinutes: z
      .number({ error: 'mosqueLeadMinutes must be a whole number of minutes from 5 to 60' })
      .int('mosqueLeadMinutes must be a whole number of minutes from 5 to 60')
      .min(5, 'mosqueLeadMinutes must be a whole number of minutes from 5 to 60')
      .max(60, 'mosqueLeadMinutes must be a whole number of minutes from 5 to 60')
      .optional(),
  })
  .strict();
export type FajrPrefs = z.infer<typeof fajrPrefsBody>;

/**
 * The last call before sunrise: the minutes before it a user may choose, and the default (issue 47
 * point 1; the same numbers as activities' SUNRISE_CALL_MINUTES, which the database checks too).
 */
export const SUNRISE_CALL_MINUTES = { min: 5, max: 40, default: 20 } as const;

/**
 * Tahajjud calls (issue 47 point 4; the same values as activities' domain/tahajjud-call.ts, which the
 * database checks too): where in the night's last third, which nights, minutes before Fajr.
 */
export const TAHAJJUD_POINTS = ['start', 'middle', 'before_fajr'] as const;
export const TAHAJJUD_NIGHTS = ['every', 'mon_thu', 'ramadan_last10'] as const;
export const TAHAJJUD_MINUTES = { min: 30, max: 180, default: 60 } as const;

export const togglesBody = z.union([
  z.object({ allowCalls: z.boolean() }).strict(),
  z.object({ allowRepeatCalls: z.boolean() }).strict(),
  z.object({ awakeCheck: z.boolean() }).strict(),
  /** The evening SMS when the member's mosque moves its jama'ah tomorrow (issue 46 point 4; off by default). */
  z.object({ jamaahChangeSms: z.boolean() }).strict(),
  /** The last call before sunrise (Premium to switch on; issue 47 point 1), this many minutes before it. */
  z
    .object({
      sunriseCall: z.boolean(),
      sunriseCallMinutes: z.number().int().min(SUNRISE_CALL_MINUTES.min).max(SUNRISE_CALL_MINUTES.max).optional(),
    })
    .strict(),
  /** Tahajjud calls (Premium to switch on; issue 47 point 4): the point of the night's last third and the nights. */
  z
    .object({
      tahajjudCall: z.boolean(),
      tahajjudPoint: z.enum(TAHAJJUD_POINTS).optional(),
      /** Minutes before Fajr, for the point before_fajr. */
      tahajjudMinutes: z.number().int().min(TAHAJJUD_MINUTES.min).max(TAHAJJUD_MINUTES.max).optional(),
      tahajjudNights: z.enum(TAHAJJUD_NIGHTS).optional(),
    })
    .strict(),
]);

/** The place suggestion the user keeps their own settings over (the one settings showed them). */
export const declineSuggestionBody = z
  .object({
    prayerCalcMethod: z.string().min(1).max(100),
    prayerCalcHlat: z.string().min(1).max(100),
  })
  .strict();

export const callLog = z.object({
  /** 'test' for a test call the user asked for; 'tahajjud' for the night's tahajjud call; the morning's calls: 'fajr' (first), 'ring-through' (Do Not Disturb), 'second-number', 'repeat', 'sunrise' (the last call before sunrise). */
  kind: z.enum(['fajr', 'ring-through', 'second-number', 'repeat', 'sunrise', 'tahajjud', 'test']),
  callDate: localDate,
  callDuration: z.number().int().min(0),
  callTimestamp: isoInstant,
  callAnsweredBy: z.string(),
  /** Why the attempt was placed, where the log says so ('Rang through Do Not Disturb'). */
  note: z.string().optional(),
});
/** The user's newest test call and how it went (every plan: whoever asks for one hears how it went). */
export const testCallResult = resultOf(
  z.object({
    testCall: z
      .object({
        plannedAt: isoInstant,
        /** pending / ringing until it ends; then answered, no-answer, busy, voicemail, failed or canceled. */
        outcome: z.string(),
        finished: z.boolean(),
        /** The outcome as the call log shows it ('Answered', 'No answer', …; 'Declined or silenced' when `silenced`); null until it ends. */
        label: z.string().nullable(),
        /** The phone declined or silenced it (Do Not Disturb, a Focus): ended busy, unanswered or in voicemail within seconds of ringing. */
        silenced: z.boolean().optional(),
      })
      .nullable(),
  }),
);

export const statsResult = resultOf(
  z.object({ answered: z.number().int(), missed: z.number().int(), callLogs: z.array(callLog) }),
);
