import { z } from 'zod';
import { freeText, isoInstant, localDate, otpCode, resultOf } from './common';

// Mosques kept by their own admins (issue 46): registration, claims, co-admins, the audit log, and the
// rules and calendars a mosque writes its Fajr jama'ah with.

/** A name or address as people write it: no markup, no control characters. */
const plainText = (what: string, max: number) =>
  freeText(
    z
      .string({ error: `Please enter the ${what}` })
      .trim()
      .min(2, `Please enter the ${what}`)
      .max(max, `The ${what} must be at most ${max} characters`)
      .regex(/^[^<>]*$/, `The ${what} must not contain < or >`),
  );

/** POST /mosque-admin/mosques: a signed-in person registers a mosque and becomes its first admin. */
export const registerMosqueBody = z
  .object({
    name: plainText('mosque name', 120),
    address: plainText('address', 200),
    cityName: plainText('city', 80),
    countryCode: z.string().regex(/^[A-Z]{2}$/, 'countryCode must be a two-letter country code (ISO 3166-1)'),
    lat: z
      .number({ error: 'lat must be a number' })
      .min(-90, 'lat must be from -90 to 90')
      .max(90, 'lat must be from -90 to 90'),
    lng: z
      .number({ error: 'lng must be a number' })
      .min(-180, 'lng must be from -180 to 180')
      .max(180, 'lng must be from -180 to 180'),
    /** The mosque's own phone (E.164), where a claim's code can be sent; never shown to members. */
    contactPhone: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'contactPhone must be a number with its country code, e.g. +447700900123')
      .nullable()
      .optional(),
  })
  .strict();

/** POST /mosque-admin/mosques/:id/claims: asks to keep a listed mosque (an operator approves). */
export const claimMosqueBody = z.object({ note: plainText('note', 300).nullable().optional() }).strict();

/** POST /mosque-admin/mosques/:id/claim-code/verify: the code the mosque's listed phone received. */
export const claimCodeBody = z.object({ code: otpCode }).strict();

/** GET /mosque-admin/mosques/:id/claim-code: where a claim's code would go, masked (null: no usable phone). */
export const claimCodeTargetResult = resultOf(z.object({ phone: z.string().nullable() }));

/** POST /mosque-admin/mosques/:id/admins: adds a co-admin by their account's e-mail or phone number. */
export const addAdminBody = z.object({ username: z.string().trim().min(3).max(120) }).strict();

export const jamaahRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('fixed'), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM') }),
    z.object({ kind: z.literal('after-fajr'), minutes: z.number().int().min(0).max(180) }),
    z.object({ kind: z.literal('before-sunrise'), minutes: z.number().int().min(0).max(180) }),
    z.object({ kind: z.literal('calendar') }),
  ],
  { error: 'kind must be one of fixed, after-fajr, before-sunrise, calendar' },
);

/**
 * A rule's first day: a real date the planner can count on from (a year below 100 or near 9999 cannot be
 * stepped through, and a rule from before 2000 means "always" as well as 2000 does).
 */
export const RULE_DATES = { first: '2000-01-01', last: '2100-12-31' } as const;
const ruleFrom = localDate.refine(
  (d) => d >= RULE_DATES.first && d <= RULE_DATES.last,
  `The start date must be between ${RULE_DATES.first} and ${RULE_DATES.last}`,
);

/** PUT /mosque-admin/mosques/:id/rules: a rule in force from `from` until the next one. */
export const saveRuleBody = z
  .object({ from: ruleFrom, ramadan: z.boolean().default(false), rule: jamaahRuleSchema })
  .strict();

/** POST /mosque-admin/mosques/:id/calendar[/preview]: a CSV of dates, Fajr begins and jama'ah. */
export const calendarBody = z
  .object({
    csv: z.string().max(1_000_000, 'The file must be at most 1 MB'),
    /** The monthly layout entered in winter time all year: the product adds summer time where it applies. */
    winterTime: z.boolean().default(false),
  })
  .strict();

export const calendarPreview = resultOf(
  z.object({
    ok: z.boolean(),
    rows: z.array(z.object({ date: localDate, fajrBegins: z.string().nullable(), jamaah: z.string() })),
    errors: z.array(z.object({ line: z.number(), message: z.string() })),
  }),
);

export const mosqueDashboard = resultOf(
  z.object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    cityName: z.string(),
    tzName: z.string(),
    members: z.number(),
    /** The last date the mosque's own times reach; null = open-ended (a rule computes every date). */
    coveredUntil: localDate.nullable(),
    /** When the mosque's own times begin, if after today (until then its fallback calls its members). */
    startsOn: localDate.nullable(),
    /** The next 14 days as members will be called for them. */
    next: z.array(z.object({ date: localDate, jamaahAt: isoInstant.nullable(), source: z.string() })),
    rules: z.array(z.object({ from: localDate, ramadan: z.boolean(), rule: jamaahRuleSchema })),
    /** What needs the admins: 'times-run-out-soon', 'times-run-out', 'no-times', 'times-start-later'. */
    attention: z.array(z.string()),
  }),
);

/** The mosque in a /mosque-admin/mosques/:id path. */
export const mosqueParams = z.object({ id: z.uuid({ error: 'Not a mosque id' }) });
/** A co-admin in DELETE /mosque-admin/mosques/:id/admins/:userId. */
export const adminParams = mosqueParams.extend({ userId: z.uuid({ error: 'Not an admin id' }) });
/** DELETE /mosque-admin/mosques/:id/rules: the rule that starts on `from` (the Ramadan one with ramadan=true). */
export const ruleQuery = z.object({ from: localDate, ramadan: z.enum(['true', 'false']).default('false') });

/** GET /mosque-admin/mosques: the mosques the signed-in account keeps. */
export const myMosquesResult = resultOf(z.array(z.object({ id: z.string(), name: z.string(), cityName: z.string() })));

/** POST /mosque-admin/mosques: the mosque registered, with the zone its point is in. */
export const registeredMosqueResult = resultOf(z.object({ id: z.string(), name: z.string(), tzName: z.string() }));

/** POST /mosque-admin/mosques/:id/claims: the claim waiting for an operator. */
export const claimSentBody = z.object({ message: z.string(), code: z.string().optional(), claimId: z.string() });

/** POST /mosque-admin/mosques/:id/claim-code: where the code went, masked. */
export const claimCodeSentBody = z.object({ message: z.string(), code: z.string().optional(), sentTo: z.string() });

/** GET /mosque-admin/mosques/:id/admins: the admins as admins see each other (never a whole number). */
export const mosqueAdminsResult = resultOf(
  z.array(
    z.object({
      userId: z.string(),
      /** Their e-mail, or their number with all but its last 3 digits hidden. */
      shownAs: z.string(),
      addedAt: isoInstant,
      /** The signed-in account. */
      you: z.boolean(),
    }),
  ),
);

/** GET /mosque-admin/mosques/:id/audit: every change to the mosque, newest first (at most 200). */
export const mosqueAuditResult = resultOf(
  z.array(
    z.object({
      id: z.union([z.string(), z.number()]),
      /** Who made it: 'admin', 'operator' or 'system'. */
      actor: z.string(),
      /** What changed, e.g. 'registered', 'rule-saved', 'calendar-uploaded', 'claimed-by-code'. */
      action: z.string(),
      details: z.record(z.string(), z.unknown()).nullable(),
      /** Which admin, as admins see each other; null for an operator or the system. */
      by: z.string().nullable(),
      at: isoInstant,
    }),
  ),
);

/** PUT /mosque-admin/mosques/:id/rules: saved, with how many dates' times changed. */
export const ruleSavedBody = z.object({ message: z.string(), code: z.string().optional(), changedDays: z.number() });
