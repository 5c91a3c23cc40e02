import { z } from 'zod';
import { resultOf } from './common';

/** GET /data/fajr-contact: the contact to save so Fajr's calls ring through Do Not Disturb. */
export const fajrContactResult = resultOf(
  z.object({
    name: z.string(),
    /** Every number Fajr calls from (E.164). */
    phoneNumbers: z.array(z.string()),
    /** The same contact as a vCard (path under the web's origin). */
    vcardPath: z.string(),
  }),
);
