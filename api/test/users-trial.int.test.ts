import { createUser } from '@fajr/activities/repositories/users.repository';
import { startTrial } from '../src/temporal';
import { signupPhone, useApi } from '@fajr/scripts/testing/api';
import { fajrCallsWorkflowId, trialWorkflowId } from '@fajr/workflows';
import { prefsChangedCount } from '@fajr/scripts/testing/workflows/trial';

jest.setTimeout(60_000);

// TRIAL_DAYS=0: the trial is over as soon as it starts, so the real trial workflow and activities run
// to their end on the dev server (the reminders and the long sleep are covered with time skipping).
const h = useApi({ worker: 'accounts', env: { TRIAL_DAYS: '0' } });

describe('the free trial, end to end', () => {
  // Issue 14: texts go only to numbers proved by code, so a phone user who never verified is not texted
  // (the verified case: activities/test/trial.activities.int.test.ts).
  it('when the trial ends, then an unverified number is not texted, the call chain is asked to re-plan and current-user shows negative days', async () => {
    const a = await signupPhone(h);
    const trial = h.temporal.workflow.getHandle(trialWorkflowId(a.user.id));
    expect(await trial.result()).toBe('ended');

    expect(await h.db('local_outbox').where({ recipient: a.phoneNumber })).toHaveLength(0);

    // One prefsChanged from sign-up (signal-with-start), one from the trial's end.
    expect(await h.temporal.workflow.getHandle(fajrCallsWorkflowId(a.user.id)).query(prefsChangedCount)).toBe(2);

    const me = await h.api('GET', '/api/users/current-user', { token: a.token });
    expect(me.body.result.user).toMatchObject({ isFree: true, freeTrialDaysRemaining: -1 });
  });

  it('when an e-mail user’s trial ends, then the message goes by e-mail', async () => {
    // Web sign-ups give a phone number now; an e-mail web account (from before) still has its trial.
    const email = `legacy-${Date.now()}@example.com`;
    const created = await createUser(h.db, {
      username: { kind: 'email', email },
      passwordHash: 'x',
      isAppUser: false,
      trialEndsAt: new Date(),
      now: new Date(),
    });
    await startTrial(h.deps, created.id);
    const a = { email, user: created };
    expect(await h.temporal.workflow.getHandle(trialWorkflowId(a.user.id)).result()).toBe('ended');
    const mail = await h.db('local_outbox').where({ recipient: a.email }).first();
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your Fajr free trial has ended' });
  });
});
