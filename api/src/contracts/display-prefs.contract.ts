import { z } from 'zod';

/** PUT /api/users/hijri-offset: days the Hijri date is moved from Umm al-Qura's, −2…+2 (issue 45 point 4). */
export const hijriOffsetBody = z
  .object({
    hijriOffset: z
      .number({ error: 'hijriOffset must be a whole number of days from -2 to 2' })
      .int({ error: 'hijriOffset must be a whole number of days from -2 to 2' })
      .min(-2, { error: 'hijriOffset must be a whole number of days from -2 to 2' })
      .max(2, { error: 'hijriOffset must be a whole number of days from -2 to 2' }),
  })
  .strict();
