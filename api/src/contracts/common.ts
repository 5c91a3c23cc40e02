import { z } from 'zod';

/** `{ result: T }`: the envelope of every successful answer that carries data. */
export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema });
/** `{ message, code }`: answers that only confirm, in the request's language with the message's stable code. */
export const messageBody = z.object({ message: z.string(), code: z.string().optional() });
/** `{ error, code }`: every failure, in the request's language with its stable code (docs/LANGUAGES.md). */
export const errorBody = z.object({ error: z.string(), code: z.string() });

export const plans = ['BASIC', 'PLUS', 'PREMIUM'] as const;
export const planSchema = z.enum(plans);
export type Plan = z.infer<typeof planSchema>;

export const localDate = z.iso.date();
export const isoInstant = z.iso.datetime({ offset: true });

// A six-digit one-time code, as typed into the six boxes.
export const otpCode = z.string().regex(/^\d{6}$/, 'The code must be 6 digits');

/**
 * What gives Fajr on dates the chosen method gives none (polar night or day): moving evenly between the
 * nearest dates where the sun rises and sets (NearestDaysBlended, the default), the times of the nearest
 * latitude where it does (AqrabBalad), of the nearest such date (AqrabYaum), or no call.
 */
export const POLAR_CONVENTIONS = ['NearestDaysBlended', 'AqrabBalad', 'AqrabYaum', 'None'] as const;
export const polarConvention = z.enum(POLAR_CONVENTIONS, {
  error: `polarConvention must be one of ${POLAR_CONVENTIONS.join(', ')}`,
});

/** C0 and C1 control characters, DEL included, except tab and newline: what terminals and logs act on. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
export const CONTROL_CHARACTERS_REFUSED = 'Please remove the control characters from the text';

/**
 * Free text people type (messages, names, comments, requests): no C0/C1 control characters but
 * newline and tab, so nothing stored can drive the terminal an operator reads it in (issue 42).
 */
export const freeText = <T extends z.ZodType<string | null | undefined>>(schema: T) =>
  schema.refine((s) => typeof s !== 'string' || !CONTROL_CHARACTERS.test(s), CONTROL_CHARACTERS_REFUSED);

/**
 * A whole number in a query string, written in decimal digits only: `0x10`, `1e3`, ` 7` and an empty
 * value are refused (z.coerce.number reads them as 16, 1000, 7 and 0).
 */
export const queryInt = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,15}$/, message)
    .transform(Number);
