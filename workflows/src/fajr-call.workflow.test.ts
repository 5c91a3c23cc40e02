import { randomUUID } from 'node:crypto';
import { ANSWERED, RANG_OUT, SILENCED, useFakeCallWorker, type FakeUser } from '@fajr/scripts/testing/fake-calls';
import {
  fajrCall,
  fajrCallWorkflowId,
  REPEAT_AFTER_MS,
  testCall,
  testCallWorkflowId,
  type FajrCallResult,
} from './index';

const MIN = 60_000;

/** One morning's call and a test call on the time-skipping server with the activities faked (fast tier). */
describe('fajrCall and testCall (time skipping, fake activities)', () => {
  const t = useFakeCallWorker(require.resolve('./index'));

  /** Runs one morning for a fake user, attempt 1 five minutes ahead: its result, its dials (ms after attempt 1's instant) and CallOutcome. */
  async function morning(u: FakeUser) {
    const userId = randomUUID();
    t.users.set(userId, u);
    const callAt = Math.ceil(((await t.env.currentTimeMs()) + 5 * MIN) / MIN) * MIN;
    const callDate = new Date(callAt).toISOString().slice(0, 10);
    const h = await t.env.client.workflow.start(fajrCall, {
      workflowId: fajrCallWorkflowId(userId, callDate),
      taskQueue: t.taskQueue,
      args: [{ userId, callDate, callAt: new Date(callAt).toISOString(), leadSeconds: 120 }],
    });
    const result = await h.result().catch((err: Error) => err);
    const mine = t.fake.dials.filter((d) => d.input.userId === userId);
    const outcome = (await h.describe()).typedSearchAttributes.get({ name: 'CallOutcome', type: 'KEYWORD' } as never);
    return {
      userId,
      result,
      kinds: mine.map((d) => d.input.kind),
      after: mine.map((d) => Date.parse(d.input.plannedAt) - callAt),
      outcome,
    };
  }

  it('when attempt 1 is answered, then nobody is called again and the user was woken by it', async () => {
    const m = await morning({ repeat: true, phone: { fajr: ANSWERED } });
    expect(m.kinds).toEqual(['fajr']);
    expect(m.result).toMatchObject({ outcome: 'answered', wokenBy: 'fajr' } satisfies Partial<FajrCallResult>);
    expect(m.outcome).toBe('answered');
  });

  it('when a user who may repeat misses the call, then it is repeated exactly 10 minutes later; without the repeat it is missed', async () => {
    const premium = await morning({ repeat: true, phone: { fajr: RANG_OUT, repeat: RANG_OUT } });
    expect(premium.kinds).toEqual(['fajr', 'repeat']);
    expect(premium.after).toEqual([0, REPEAT_AFTER_MS]);
    expect(premium.result).toMatchObject({ outcome: 'missed' });
    expect(premium.outcome).toBe('missed');
    const basic = await morning({ phone: { fajr: RANG_OUT } });
    expect(basic.kinds).toEqual(['fajr']);
    expect(basic.result).toMatchObject({ outcome: 'missed' });
  });

  it('when a silenced phone may ring through and a second number is allowed, then the ring-through comes first, then the second number', async () => {
    const m = await morning({
      ringThrough: true,
      secondNumber: true,
      phone: { fajr: SILENCED, 'ring-through': SILENCED, 'second-number': ANSWERED },
    });
    expect(m.kinds).toEqual(['fajr', 'ring-through', 'second-number']);
    expect(m.result).toMatchObject({ outcome: 'answered', wokenBy: 'second-number' });
  });

  it('when the call is no longer wanted at its slot, then it is skipped, not dialled again', async () => {
    const m = await morning({ skip: 'calls-off', repeat: true });
    expect(m.result).toMatchObject({ outcome: 'skipped', skippedReason: 'calls-off' });
    expect(m.kinds).toEqual(['fajr']);
    expect(m.outcome).toBe('skipped');
  });

  it("when the provider keeps refusing, then the dial is tried 6 times and the day fails with the provider's error, recorded once", async () => {
    const m = await morning({ refuse: 'Twilio: The caller id is not verified (21210)' });
    expect(m.result).toMatchObject({ cause: { message: 'Twilio: The caller id is not verified (21210)' } });
    expect(t.fake.refused.filter((d) => d.userId === m.userId)).toHaveLength(6);
    expect(t.fake.failures.filter((f) => f.workflowId.includes(m.userId))).toEqual([
      { workflowId: expect.any(String), attempt: 1, error: 'Twilio: The caller id is not verified (21210)' },
    ]);
    expect(m.outcome).toBe('failed');
  });

  it("when a test call is asked for, then it is dialled at once as a test on the user's date, and its outcome is the answer", async () => {
    const userId = randomUUID();
    t.users.set(userId, { phone: { test: ANSWERED } });
    const at = await t.env.currentTimeMs();
    const h = await t.env.client.workflow.start(testCall, {
      workflowId: testCallWorkflowId(userId),
      taskQueue: t.taskQueue,
      args: [{ userId }],
    });
    expect(await h.result()).toEqual({ outcome: 'answered', durationSeconds: 40 });
    const [dial, ...more] = t.fake.dials.filter((d) => d.input.userId === userId);
    expect(more).toEqual([]);
    expect(dial!.input).toMatchObject({ kind: 'test', attempt: 1, runKey: (await h.describe()).runId });
    // The date the user's zone gives for the request's instant (the fake's zone is UTC).
    expect(dial!.input.callDate).toBe(dial!.input.plannedAt.slice(0, 10));
    expect(dial!.at - at).toBeLessThan(10_000);
  });
});
