import { z } from 'zod';
import { resultOf } from './common';

/** GET /friends/:id/welcome: a friend's first call and the numbers to save. */
export const friendWelcome = z.object({
  status: z.enum(['invited', 'active', 'stopped', 'ended']),
  /** The next planned call (an instant, its local date and zone); null before consent or when none is planned soon. */
  firstCall: z.object({ callAt: z.string(), date: z.string(), tzName: z.string() }).nullable(),
  callerNumbers: z.array(z.string()),
  vcardPath: z.string(),
});
export type FriendWelcome = z.infer<typeof friendWelcome>;
export const friendWelcomeResult = resultOf(friendWelcome);
