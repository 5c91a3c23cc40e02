import { z } from 'zod';

/** `{ result: T }`: the envelope of every successful answer that carries data. */
export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema });
/** `{ message }`: answers that only confirm. */
export const messageBody = z.object({ message: z.string() });
/** `{ error }`: every failure. */
export const errorBody = z.object({ error: z.string() });

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
export const polarConvention = z.enum(POLAR_CONVENTIONS, { error: `polarConvention must be one of ${POLAR_CONVENTIONS.join(', ')}` });
