import { z } from 'zod';
import { CONTROL_CHARACTERS, freeText, otpCode, resultOf } from './common';
import { phoneCountry, phoneNumberInput } from './users.contract';
import { languageSchema } from './languages.contract';

/** A first name as people write it: what the friend's call greets them by and the inviter's list shows. */
const personName = (what: string) =>
  z
    .string({ error: `Please enter ${what}` })
    .trim()
    .min(1, `Please enter ${what}`)
    .max(40, `${what[0]!.toUpperCase()}${what.slice(1)} must be at most 40 characters`)
    .regex(/^[^<>&\d@/\\]+$/, `Please enter ${what} in letters`)
    .refine((s) => !CONTROL_CHARACTERS.test(s) && !/[\n\t]/.test(s), `Please enter ${what} in letters`);

/** POST /users/friends: invite a friend (Premium, at most three). */
export const inviteFriendBody = z
  .object({
    firstName: personName("your friend's first name"),
    phoneNumber: phoneNumberInput,
    country: phoneCountry,
    /** How the friend knows the inviter: the call says "<inviterName> asked us to wake you". */
    inviterName: personName('your name'),
    /** The friend's language (their invitation, notices and calls); default: the inviter's language. */
    language: languageSchema.optional(),
  })
  .strict();

export const friendStatus = z.enum(['invited', 'active', 'stopped', 'ended']);

/** One friend in the inviter's list: never their number, place or call times. */
export const friendView = z.object({
  id: z.string(),
  firstName: z.string(),
  status: friendStatus,
  /** This month: woken (a call was answered), missed (calls, none answered), or no calls yet. */
  thisMonth: z.enum(['woken', 'missed', 'no-calls']),
});
export type FriendView = z.infer<typeof friendView>;
export const friendsResult = resultOf(z.object({ friends: z.array(friendView), max: z.number().int() }));

export const friendIdParams = z.object({ id: z.string().uuid('Unknown invitation') });

/** GET /friends/:id (public, the consent page): who invited whom, and where the invitation stands. */
export const invitationResult = resultOf(
  z.object({ firstName: z.string(), inviterName: z.string(), status: friendStatus }),
);

/**
 * POST /friends/:id/consent (public): the code from the SMS and where the friend prays Fajr: their own
 * city (from the city search) or a mosque (`mosqueId`, from GET /data/prayer-calc's mosques).
 */
export const friendConsentBody = z.union([
  z.object({ code: otpCode, mosqueId: z.string().uuid('Please choose your mosque from the list') }).strict(),
  z
    .object({
      code: otpCode,
      cityName: freeText(z.string().trim().min(1, 'Please choose your city').max(200)),
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      tzName: z.string().min(1, 'Please choose your city').max(64),
    })
    .strict(),
]);

/** POST /friends/:id/stop (public): the signature from the SMS's stop link. */
export const friendStopBody = z.object({ sig: z.string().min(1, 'This stop link is not valid').max(100) }).strict();
