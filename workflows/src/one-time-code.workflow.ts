import {
  allHandlersFinished,
  condition,
  defineSignal,
  defineUpdate,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { createCodeActivities, OneTimeCodeInput } from '@fajr/activities/codes/codes.activities';
import { UserIdKey } from './search-attributes';

export type { OneTimeCodeInput };

export interface CodeRequestResult {
  /** True when a new code went out. */
  sent: boolean;
  /** When not sent: seconds until another code may be asked for (0 = nowhere to send it). */
  retryAfterSeconds: number;
}

/** Asks for a (new) code; answers once it is sent, or at once inside the resend cooldown. The API uses update-with-start. */
export const requestCodeUpdate = defineUpdate<CodeRequestResult>('requestCode');
/** The code was used (verified, password reset) or ended by too many wrong tries: nothing more to do. */
export const codeCompletedSignal = defineSignal<[{ outcome: 'used' | 'locked' }]>('completed');

export const RESEND_COOLDOWN_MS = 60_000;
// With no request for this long after starting, the workflow has nothing to do.
const FIRST_REQUEST_WAIT_MS = 60_000;

const { issueOneTimeCode, expireOneTimeCodes } = proxyActivities<ReturnType<typeof createCodeActivities>>({
  startToCloseTimeout: '20s',
  // The API waits for the answer (the web client gives up after 15 s): a few quick retries, then the user asks again.
  retry: { maximumAttempts: 3, initialInterval: '1s' },
});

export type OneTimeCodeOutcome = 'used' | 'locked' | 'expired' | 'not-sent';

/**
 * The life of a one-time code (phone verification, password reset) for one user, id
 * otp:<purpose>:<userId>: each `requestCode` update issues a code (the activity makes it, stores
 * only its hash and sends it) unless one went out less than the cooldown ago; the code expires ten
 * minutes after the last one; the API signals `completed` when it was used or ended by wrong tries.
 */
export async function oneTimeCode(input: OneTimeCodeInput): Promise<OneTimeCodeOutcome> {
  // Operators find a user's codes by UserId; deleting an account ends them by it. A mosque claim's
  // subject is `<userId>:<mosqueId>`: its user is the part before the colon.
  upsertSearchAttributes([{ key: UserIdKey, value: input.subject.split(':')[0]! }]);
  let completed: 'used' | 'locked' | undefined;
  let issuing = false;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let expiresAt = 0;

  setHandler(codeCompletedSignal, ({ outcome }) => {
    completed = outcome;
  });
  setHandler(requestCodeUpdate, async (): Promise<CodeRequestResult> => {
    const wait = lastSentAt + RESEND_COOLDOWN_MS - Date.now();
    // One issue at a time: a request while one is on its way is a resend inside the cooldown.
    if (issuing) return { sent: false, retryAfterSeconds: Math.ceil(RESEND_COOLDOWN_MS / 1000) };
    if (wait > 0) return { sent: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    issuing = true;
    try {
      const issued = await issueOneTimeCode(input);
      if (!issued.issued || !issued.expiresAt) return { sent: false, retryAfterSeconds: issued.retryAfterSeconds };
      lastSentAt = Date.now();
      expiresAt = Date.parse(issued.expiresAt);
      return { sent: true, retryAfterSeconds: 0 };
    } finally {
      issuing = false;
    }
  });

  const outcome = await (async (): Promise<OneTimeCodeOutcome> => {
    if (!(await condition(() => expiresAt > 0 || completed !== undefined || issuing, FIRST_REQUEST_WAIT_MS)))
      return 'not-sent';
    for (;;) {
      await condition(() => !issuing);
      if (completed) return completed;
      if (expiresAt === 0) return 'not-sent';
      const seen = expiresAt;
      const remaining = seen - Date.now();
      // Wake when the code is used, a new code moves the expiry, or the time is up.
      if (
        remaining <= 0 ||
        !(await condition(() => completed !== undefined || issuing || expiresAt !== seen, remaining))
      ) {
        await expireOneTimeCodes({ purpose: input.purpose, subject: input.subject });
        return 'expired';
      }
    }
  })();
  // Let an update that is still answering finish before the workflow closes.
  await condition(allHandlersFinished);
  return outcome;
}
