import { condition, defineSignal, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { createCodeActivities, OneTimeCodeInput } from '@fajr/activities/codes/codes.activities';
import { UserIdKey } from './search-attributes';

export type { OneTimeCodeInput };

/** Another code was asked for (the activity itself holds back a resend inside the cooldown). */
export const resendCodeSignal = defineSignal('resend');
/** The code was used (verified, password reset) or ended by too many wrong tries: nothing more to do. */
export const codeCompletedSignal = defineSignal<[{ outcome: 'used' | 'locked' }]>('completed');

const { issueOneTimeCode, expireOneTimeCodes } = proxyActivities<ReturnType<typeof createCodeActivities>>({
  startToCloseTimeout: '30s',
  // Delivery failures are retried a few times; a lasting outage ends the attempt and the user asks again.
  retry: { maximumAttempts: 4, initialInterval: '2s' },
});

export type OneTimeCodeOutcome = 'used' | 'locked' | 'expired' | 'not-sent';

/**
 * The life of a one-time code (phone verification, password reset) for one user: issue (the
 * activity makes the code, stores only its hash and sends it), resends on request, expiry ten minutes
 * after the last code, completion when the API reports it used or locked. Id: otp:<purpose>:<userId>.
 */
export async function oneTimeCode(input: OneTimeCodeInput): Promise<OneTimeCodeOutcome> {
  // Operators find a user's codes by UserId; deleting an account ends them by it.
  upsertSearchAttributes([{ key: UserIdKey, value: input.subject }]);
  // Starting is itself a request for a code; signals that arrive before the first issue join it.
  let resendRequested = true;
  let completed: 'used' | 'locked' | undefined;
  setHandler(resendCodeSignal, () => {
    resendRequested = true;
  });
  setHandler(codeCompletedSignal, ({ outcome }) => {
    completed = outcome;
  });

  let expiresAt = 0;
  for (;;) {
    if (resendRequested && !completed) {
      resendRequested = false;
      const issued = await issueOneTimeCode(input);
      if (issued.issued && issued.expiresAt) expiresAt = Date.parse(issued.expiresAt);
    }
    if (completed) return completed;
    if (expiresAt === 0) return 'not-sent';
    const remaining = expiresAt - Date.now();
    const woke = remaining > 0 && (await condition(() => resendRequested || completed !== undefined, remaining));
    if (completed) return completed;
    if (!woke) {
      await expireOneTimeCodes({ purpose: input.purpose, subject: input.subject });
      return 'expired';
    }
  }
}
