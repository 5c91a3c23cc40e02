import { randomUUID } from 'node:crypto';
import { ANSWERED, RANG_OUT, useFakeCallWorker, type Answer, type FakeUser } from '@fajr/scripts/testing/fake-calls';
import { fajrCall, fajrCallWorkflowId, REPEAT_AFTER_MS, sunriseCallWorkflowId, type FajrCallResult } from './index';

const MIN = 60_000;
/** Answered without the awake check's key: not woken. */
const NO_KEY: Answer = { outcome: 'answered', ringSeconds: 4, confirmed: false };

/** The last call before sunrise (issue 47 point 1) on the time-skipping server with the activities faked. */
describe('sunriseCall, the last call before sunrise (time skipping, fake activities)', () => {
  const t = useFakeCallWorker(require.resolve('./index'));

  /**
   * Runs one morning, attempt 1 five minutes ahead, sunrise `sunriseAfter` ms after it (when the user may
   * have the call): the day's result, its dials (ms after attempt 1's instant) and the sunrise call's workflow.
   */
  async function morning(
    u: Omit<FakeUser, 'sunrise'>,
    sunrise?: { after: number; minutes: number; lostPremium?: boolean },
  ) {
    const userId = randomUUID();
    const callAt = Math.ceil(((await t.env.currentTimeMs()) + 5 * MIN) / MIN) * MIN;
    const sunriseAt = sunrise ? new Date(callAt + sunrise.after).toISOString() : undefined;
    // The plan gave the day's call the sunrise (the user had it then); the check at the end asks again.
    const planned = sunrise ? { sunrise: { sunriseAt: sunriseAt!, minutes: sunrise.minutes } } : {};
    t.users.set(userId, { ...u, ...(sunrise?.lostPremium ? {} : planned) });
    const callDate = new Date(callAt).toISOString().slice(0, 10);
    const h = await t.env.client.workflow.start(fajrCall, {
      workflowId: fajrCallWorkflowId(userId, callDate),
      taskQueue: t.taskQueue,
      args: [{ userId, callDate, callAt: new Date(callAt).toISOString(), leadSeconds: 120, ...planned }],
    });
    const result = (await h.result()) as FajrCallResult;
    const mine = t.fake.dials.filter((d) => d.input.userId === userId);
    const child = await t.env.client.workflow
      .getHandle(sunriseCallWorkflowId(userId, callDate))
      .describe()
      .catch(() => null);
    return {
      result,
      kinds: mine.map((d) => d.input.kind),
      after: mine.map((d) => Date.parse(d.input.plannedAt) - callAt),
      dials: mine.map((d) => d.input),
      sunriseAt,
      child,
    };
  }

  it('when the Fajr call and its repeat go unanswered, then one more call comes N minutes before sunrise, in its own workflow', async () => {
    const m = await morning(
      { repeat: true, phone: { fajr: RANG_OUT, repeat: RANG_OUT, sunrise: ANSWERED } },
      { after: 90 * MIN, minutes: 20 },
    );
    expect(m.kinds).toEqual(['fajr', 'repeat', 'sunrise']);
    expect(m.after).toEqual([0, REPEAT_AFTER_MS, 70 * MIN]);
    expect(m.dials[2]).toMatchObject({
      attempt: 5,
      sunriseAt: m.sunriseAt,
      workflowId: expect.stringMatching(/^sunrise-call:/),
    });
    expect(m.result).toMatchObject({ outcome: 'answered', wokenBy: 'sunrise' });
    expect(m.result.attempts.map((a) => a.kind)).toEqual(['fajr', 'repeat', 'sunrise']);
    expect(m.child?.type).toBe('sunriseCall');
    expect(m.child?.typedSearchAttributes.get({ name: 'CallOutcome', type: 'KEYWORD' } as never)).toBe('answered');
  });

  it('when the calls were answered without the awake key and the sunrise call too, then the day is unconfirmed', async () => {
    const m = await morning(
      { repeat: true, phone: { fajr: NO_KEY, repeat: RANG_OUT, sunrise: NO_KEY } },
      { after: 60 * MIN, minutes: 30 },
    );
    expect(m.kinds).toEqual(['fajr', 'repeat', 'sunrise']);
    expect(m.after[2]).toBe(30 * MIN);
    expect(m.result).toMatchObject({ outcome: 'unconfirmed' });
    expect(m.result.wokenBy).toBeUndefined();
  });

  it('when the user answered and pressed the key, then there is no sunrise call', async () => {
    const m = await morning(
      { repeat: true, phone: { fajr: RANG_OUT, repeat: ANSWERED } },
      { after: 90 * MIN, minutes: 20 },
    );
    expect(m.kinds).toEqual(['fajr', 'repeat']);
    expect(m.result).toMatchObject({ outcome: 'answered', wokenBy: 'repeat' });
    expect(m.child).toBeNull();
  });

  it('when the user may not have it (not Premium, or switched off), then the missed morning ends without it', async () => {
    const m = await morning({ repeat: true, phone: { fajr: RANG_OUT, repeat: RANG_OUT } });
    expect(m.kinds).toEqual(['fajr', 'repeat']);
    expect(m.result).toMatchObject({ outcome: 'missed' });
    expect(m.child).toBeNull();
    // Premium when the day was planned, not any more when the morning's calls are over: no call either.
    const lapsed = await morning(
      { repeat: true, phone: { fajr: RANG_OUT, repeat: RANG_OUT } },
      { after: 90 * MIN, minutes: 20, lostPremium: true },
    );
    expect(lapsed.kinds).toEqual(['fajr', 'repeat']);
    expect(lapsed.child).toBeNull();
  });

  it('when sunrise minus N has passed by the end of the morning, then it comes at once, never later than sunrise minus 5 minutes, else not at all', async () => {
    // Sunrise 25 min after the call: minus 20 is before the repeat's end: called then, still 5+ min before sunrise.
    const late = await morning(
      { repeat: true, phone: { fajr: RANG_OUT, repeat: RANG_OUT } },
      { after: 25 * MIN, minutes: 20 },
    );
    expect(late.kinds).toEqual(['fajr', 'repeat', 'sunrise']);
    // The fake dials an armed call at once (its lead, 2 min, before its instant) and learns its end a
    // minute later: the morning here ends 9 minutes after the call.
    expect(late.after[2]).toBeGreaterThanOrEqual(REPEAT_AFTER_MS - MIN);
    expect(late.after[2]).toBeLessThanOrEqual(20 * MIN);
    // Sunrise 12 min after the call: the morning ends after sunrise minus 5 minutes: no call.
    const tooLate = await morning(
      { repeat: true, phone: { fajr: RANG_OUT, repeat: RANG_OUT } },
      { after: 12 * MIN, minutes: 5 },
    );
    expect(tooLate.kinds).toEqual(['fajr', 'repeat']);
    expect(tooLate.result).toMatchObject({ outcome: 'missed' });
    expect(tooLate.child).toBeNull();
  });

  it('without the repeat, a missed Fajr call is followed by the sunrise call alone', async () => {
    const m = await morning({ phone: { fajr: RANG_OUT, sunrise: RANG_OUT } }, { after: 60 * MIN, minutes: 40 });
    expect(m.kinds).toEqual(['fajr', 'sunrise']);
    expect(m.after).toEqual([0, 20 * MIN]);
    expect(m.result).toMatchObject({ outcome: 'missed' });
  });
});
