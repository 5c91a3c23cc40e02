import { randomUUID } from 'node:crypto';
import { useCallWorker } from '@fajr/scripts/testing/call-worker';
import type { AttemptState, DialInput } from '@fajr/activities/calls/calls.activities';
import { insertUser, LONDON_PREFS, type TestUser } from '@fajr/scripts/testing/fixtures';
import { fajrCall, fajrCallWorkflowId, REPEAT_AFTER_MS, RING_THROUGH_WITHIN_MS, type FajrCallResult } from '../src';

jest.setTimeout(240_000);

type Answer = Pick<AttemptState, 'outcome' | 'ringSeconds'> & { silenced?: boolean; confirmed?: boolean | null };
const SILENCED: Answer = { outcome: 'busy', ringSeconds: 1, silenced: true };
const RANG_OUT: Answer = { outcome: 'no-answer', ringSeconds: 45 };
const ANSWERED: Answer = { outcome: 'answered', ringSeconds: 4 };
/** Answered, but no key pressed although the call asked for one. */
const NOT_CONFIRMED: Answer = { outcome: 'answered', ringSeconds: 4, confirmed: false };
const CONFIRMED: Answer = { outcome: 'answered', ringSeconds: 4, confirmed: true };

/**
 * The branches of one morning (docs/CALLS.md "One morning"), each on the time-skipping server with
 * the real entitlement checks on Postgres and a scripted phone: what each attempt comes to, by kind.
 */
describe('fajrCall: the branches of one morning (time skipping)', () => {
  const taskQueue = `fajr-call-branches-${randomUUID()}`;
  const dials: { input: DialInput; at: number }[] = [];
  const script = new Map<string, Partial<Record<DialInput['kind'], Answer>>>();
  const byKey = new Map<string, DialInput>();

  const t = useCallWorker({ workflowsPath: require.resolve('../src/index'), taskQueue }, (real) => ({
    // Who may have which branch: the real activities on the real database.
    repeatAllowed: real.repeatAllowed,
    ringThroughAllowed: real.ringThroughAllowed,
    secondNumberAllowed: real.secondNumberAllowed,
    dialCall: async (input: DialInput) => {
      const attemptKey = `${input.workflowId}#${input.attempt}`;
      byKey.set(attemptKey, input);
      dials.push({ input, at: await t.env.currentTimeMs() });
      return { status: 'placed' as const, attemptKey };
    },
    resolveCallAttempt: async ({ attemptKey }: { attemptKey: string }): Promise<AttemptState> => {
      const input = byKey.get(attemptKey)!;
      const a = script.get(input.userId)?.[input.kind] ?? RANG_OUT;
      return {
        attemptKey,
        final: true,
        durationSeconds: a.outcome === 'answered' ? 40 : 0,
        answeredBy: null,
        silenced: false,
        confirmed: null,
        ...a,
      };
    },
    markCallAttemptFailed: async () => undefined,
  }));

  /** Runs one morning for a new user with the given plan and phone script; the result, its dials (ms after attempt 1's instant) and WokenBy. */
  async function morning(
    user: TestUser & { second?: Record<string, unknown> },
    phone: Partial<Record<DialInput['kind'], Answer>>,
  ) {
    const userId = await insertUser(t.tdb.knex, { ...user, prefs: { ...LONDON_PREFS, ...user.prefs } });
    if (user.second) await t.tdb.knex('users').where({ id: userId }).update(user.second);
    script.set(userId, phone);
    const callAt = Math.ceil(((await t.env.currentTimeMs()) + 5 * 60_000) / 60_000) * 60_000;
    const callDate = new Date(callAt).toISOString().slice(0, 10);
    const h = await t.env.client.workflow.start(fajrCall, {
      workflowId: fajrCallWorkflowId(userId, callDate),
      taskQueue,
      args: [{ userId, callDate, callAt: new Date(callAt).toISOString(), leadSeconds: 120 }],
    });
    const result: FajrCallResult = await h.result();
    const desc = await h.describe();
    const attr = (name: string) => desc.typedSearchAttributes.get({ name, type: 'KEYWORD' } as never);
    const mine = dials.filter((d) => d.input.userId === userId);
    return {
      result,
      kinds: mine.map((d) => d.input.kind),
      plannedAfter: mine.map((d) => Date.parse(d.input.plannedAt) - callAt),
      /** Each dial's arming instant, ms before attempt 1's (only the day's first attempt says: the planner measures arming from it). */
      armedBefore: mine.map((d) => (d.input.armAt ? callAt - Date.parse(d.input.armAt) : null)),
      outcome: attr('CallOutcome'),
      wokenBy: attr('WokenBy'),
    };
  }

  it("when a Plus user's phone rejects attempt 1 at once (Do Not Disturb), then it is called again within two minutes, once (only attempt 1 says when it was to be armed), and WokenBy says ring-through", async () => {
    const m = await morning({ plan: 'PLUS' }, { fajr: SILENCED, 'ring-through': ANSWERED });
    expect(m.kinds).toEqual(['fajr', 'ring-through']);
    expect(m.plannedAfter[1]).toBeLessThanOrEqual(RING_THROUGH_WITHIN_MS);
    expect(m.armedBefore).toEqual([120_000, null]);
    expect(m.result).toMatchObject({ outcome: 'answered', wokenBy: 'ring-through' });
    expect(m.outcome).toBe('answered');
    expect(m.wokenBy).toBe('ring-through');
  });

  it('when the ring-through is silenced too, then there is no third call for a Plus user (once), and the morning is missed', async () => {
    const m = await morning(
      { plan: 'PLUS', prefs: { allow_repeat_calls: true } },
      { fajr: SILENCED, 'ring-through': SILENCED },
    );
    expect(m.kinds).toEqual(['fajr', 'ring-through']);
    expect(m.outcome).toBe('missed');
    expect(m.wokenBy).toBeUndefined();
  });

  it("when a Basic user's phone rejects attempt 1, or a Plus user's rings out, then no ring-through is placed", async () => {
    expect((await morning({ plan: 'BASIC' }, { fajr: SILENCED })).kinds).toEqual(['fajr']);
    expect((await morning({ plan: 'PLUS' }, { fajr: RANG_OUT })).kinds).toEqual(['fajr']);
  });

  it("when a Premium user's silenced phone misses the ring-through too, then the repeat still comes 10 minutes after attempt 1: both on one morning", async () => {
    const m = await morning(
      { plan: 'PREMIUM', prefs: { allow_repeat_calls: true } },
      { fajr: SILENCED, 'ring-through': RANG_OUT, repeat: ANSWERED },
    );
    expect(m.kinds).toEqual(['fajr', 'ring-through', 'repeat']);
    expect(m.plannedAfter[2]).toBe(REPEAT_AFTER_MS);
    expect(m.result.attempts.map((a) => [a.attempt, a.kind])).toEqual([
      [1, 'fajr'],
      [3, 'ring-through'],
      [2, 'repeat'],
    ]);
    expect(m.wokenBy).toBe('repeat');
  });

  it('when a Premium user answers without pressing the key, then it counts as not woken: the repeat comes 10 minutes later and the key then wakes them', async () => {
    const m = await morning(
      { plan: 'PREMIUM', prefs: { allow_repeat_calls: true } },
      { fajr: NOT_CONFIRMED, repeat: CONFIRMED },
    );
    expect(m.kinds).toEqual(['fajr', 'repeat']);
    expect(m.plannedAfter[1]).toBe(REPEAT_AFTER_MS);
    expect(m.result.attempts.map((a) => a.confirmed)).toEqual([false, true]);
    expect([m.outcome, m.wokenBy]).toEqual(['answered', 'repeat']);
  });

  it('when a Plus user answers without the key, then there is no repeat and the morning is "unconfirmed" (answered, not confirmed), not answered', async () => {
    const m = await morning({ plan: 'PLUS', prefs: { allow_repeat_calls: true } }, { fajr: NOT_CONFIRMED });
    expect(m.kinds).toEqual(['fajr']);
    expect(m.result.outcome).toBe('unconfirmed');
    expect([m.outcome, m.wokenBy]).toEqual(['unconfirmed', undefined]);
  });

  /** A Premium user with a verified second number (or one not yet verified). */
  const withSecond = (verified = true): TestUser & { second: Record<string, unknown> } => ({
    plan: 'PREMIUM',
    prefs: { allow_repeat_calls: true },
    second: { second_phone_number: '+447400900222', second_phone_verified_at: verified ? new Date() : null },
  });

  it('when a Premium user does not answer attempt 1, then the verified second number is called at once, before the repeat; its answer ends the morning', async () => {
    const m = await morning(withSecond(), { fajr: RANG_OUT, 'second-number': CONFIRMED });
    expect(m.kinds).toEqual(['fajr', 'second-number']);
    expect(m.plannedAfter[1]).toBeLessThan(REPEAT_AFTER_MS);
    expect([m.outcome, m.wokenBy]).toEqual(['answered', 'second-number']);
  });

  it('when the second number does not answer either, then the repeat still comes; an unverified second number, a Plus user, or an answer without the key get no second-number call', async () => {
    const both = await morning(withSecond(), { fajr: RANG_OUT, 'second-number': RANG_OUT, repeat: CONFIRMED });
    expect(both.kinds).toEqual(['fajr', 'second-number', 'repeat']);
    expect(both.plannedAfter[2]).toBe(REPEAT_AFTER_MS);
    expect((await morning(withSecond(false), { fajr: RANG_OUT, repeat: CONFIRMED })).kinds).toEqual(['fajr', 'repeat']);
    expect((await morning({ ...withSecond(), plan: 'PLUS' }, { fajr: RANG_OUT })).kinds).toEqual(['fajr']);
    expect((await morning(withSecond(), { fajr: NOT_CONFIRMED, repeat: CONFIRMED })).kinds).toEqual(['fajr', 'repeat']);
  });

  it('every branch on one Premium morning: silenced → ring-through silenced → second number unanswered → repeat answered without the key → "unconfirmed"', async () => {
    const m = await morning(withSecond(), {
      fajr: SILENCED,
      'ring-through': SILENCED,
      'second-number': RANG_OUT,
      repeat: NOT_CONFIRMED,
    });
    expect(m.kinds).toEqual(['fajr', 'ring-through', 'second-number', 'repeat']);
    expect(m.result.attempts.map((a) => a.attempt)).toEqual([1, 3, 4, 2]);
    expect([m.outcome, m.wokenBy]).toEqual(['unconfirmed', undefined]);
  });
});
