import { randomUUID } from 'node:crypto';
import { Worker } from '@temporalio/worker';
import { DateTime } from 'luxon';
import { yearOf } from '@fajr/scripts/testing/clock';
import { planDays } from '@fajr/activities/domain/planning';
import { insertUser, LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { fajrCall, prefsChangedSignal, fajrCallsStateQuery, fajrCallsWorkflowId, fajrCallWorkflowId } from '../src';
import { useFajrCallsWorker } from './fajr-calls-support';

const MIN = 60_000;
const DAY = 24 * 3600_000;
jest.setTimeout(240_000);

describe('fajrCalls / fajrCall workflows (time skipping, real planning on Postgres)', () => {
  const { t, taskQueue, answers, crowded, refuseFirstDay, dialsOf, start, pin, skipTo, settled, stateOf } =
    useFajrCallsWorker();

  it('when a Premium user misses the call, then it is repeated exactly 10 minutes later; others get no repeat', async () => {
    await pin('01-10T12:00:00Z');
    const premium = await insertUser(t.tdb.knex, {
      plan: 'PREMIUM',
      prefs: { ...LONDON_PREFS, allow_repeat_calls: true },
    });
    const plus = await insertUser(t.tdb.knex, { plan: 'PLUS', prefs: { ...LONDON_PREFS, allow_repeat_calls: true } });
    const premiumOff = await insertUser(t.tdb.knex, {
      plan: 'PREMIUM',
      prefs: { ...LONDON_PREFS, allow_repeat_calls: false },
    });
    for (const u of [premium, plus, premiumOff]) answers.set(u, 'no-answer');
    for (const u of [premium, plus, premiumOff]) await start(u);
    // From noon, two mornings with their repeats (London's Fajr is near 06:10 UTC in January).
    await t.env.sleep(2 * DAY + 45 * MIN);
    await settled(() => dialsOf(premium).length >= 4 && [plus, premiumOff].every((u) => dialsOf(u).length >= 2));
    const p = dialsOf(premium);
    expect(p.length).toBeGreaterThanOrEqual(4);
    for (let i = 0; i + 1 < p.length; i += 2) {
      expect(p[i]!.input).toMatchObject({ attempt: 1, kind: 'fajr' });
      expect(p[i + 1]!.input).toMatchObject({ attempt: 2, kind: 'repeat', callDate: p[i]!.input.callDate });
      expect(Date.parse(p[i + 1]!.input.plannedAt) - Date.parse(p[i]!.input.plannedAt)).toBe(10 * MIN);
    }
    for (const u of [plus, premiumOff]) {
      expect(dialsOf(u).length).toBeGreaterThanOrEqual(2);
      expect(dialsOf(u).every((d) => d.input.attempt === 1)).toBe(true);
    }
    // The day's execution carries the operators' search attributes and its outcome.
    const day = p[0]!.input.callDate;
    const desc = await t.env.client.workflow.getHandle(fajrCallWorkflowId(premium, day)).describe();
    expect(desc.typedSearchAttributes.get({ name: 'CallOutcome', type: 'KEYWORD' } as never)).toBe('missed');
    expect(desc.typedSearchAttributes.get({ name: 'CallDate', type: 'KEYWORD' } as never)).toBe(day);
  });

  it('when preferences change while the chain sleeps, then it re-plans at once; calls off stops calls until on again; runs continue as new', async () => {
    await pin('01-20T12:00:00Z');
    const user = await insertUser(t.tdb.knex, { plan: 'PLUS', prefs: { ...LONDON_PREFS } });
    const h = await start(user);
    const firstRun = (await h.describe()).runId;
    await t.env.sleep(2 * DAY);
    await settled(async () => (await stateOf(h)).status === 'scheduled');
    const state1 = await stateOf(h);
    expect(state1.status).toBe('scheduled');
    const before = state1.next!.callAt;
    // A Plus user moves the call to 30 minutes after Fajr.
    await t.tdb
      .knex('preferences')
      .where({ user_id: user })
      .update({ fajr_call_time_pref: '30 minutes after Fajr starts' });
    await t.env.client.workflow.getHandle(fajrCallsWorkflowId(user)).signal(prefsChangedSignal);
    await settled(async () => (await stateOf(h)).next?.callAt !== before);
    const state2 = await stateOf(h);
    expect(Date.parse(state2.next!.callAt) - Date.parse(before)).toBe(30 * MIN);
    // The re-planned call is the next morning's, 30 minutes later.
    await t.env.sleep(DAY + 60 * MIN);
    await settled(() => dialsOf(user).some((d) => d.input.plannedAt === state2.next!.callAt));
    expect(dialsOf(user).map((d) => d.input.plannedAt)).toContain(state2.next!.callAt);
    expect((await h.describe()).runId).not.toBe(firstRun);

    // Calls off: three days pass without a dial.
    await t.tdb.knex('preferences').where({ user_id: user }).update({ allow_calls: false });
    await t.env.client.workflow.getHandle(fajrCallsWorkflowId(user)).signal(prefsChangedSignal);
    const n = dialsOf(user).length;
    await t.env.sleep(3 * DAY);
    // An idle chain re-checks every 24 h; the sleep may end during a re-check ('planning').
    await settled(async () => (await stateOf(h)).status === 'calls-off');
    expect(dialsOf(user).length).toBe(n);
    expect((await stateOf(h)).status).toBe('calls-off');
    // On again: calls resume.
    await t.tdb.knex('preferences').where({ user_id: user }).update({ allow_calls: true });
    await t.env.client.workflow.getHandle(fajrCallsWorkflowId(user)).signal(prefsChangedSignal);
    await t.env.sleep(2 * DAY);
    await settled(() => dialsOf(user).length >= n + 1);
    expect(dialsOf(user).length).toBeGreaterThanOrEqual(n + 1);
  });

  it('when a home user in London is called for 60+ days across the spring DST change, then every call is at Fajr to the minute, armed 2 minutes ahead', async () => {
    // The pinned year's spring change (the last Sunday of March).
    const march31 = DateTime.utc(yearOf(await pin('03-01T12:00:00Z')), 3, 31);
    const change = march31.minus({ days: march31.weekday % 7 }).toISODate()!;
    const user = await insertUser(t.tdb.knex, { prefs: { ...LONDON_PREFS } });
    await start(user);
    await t.env.sleep(62 * DAY);
    await settled(() => dialsOf(user).length >= 60);
    const got = dialsOf(user);
    expect(got.length).toBeGreaterThanOrEqual(60);
    const expected = planDays(
      {
        kind: 'home',
        place: {
          lat: LONDON_PREFS.lat,
          lng: LONDON_PREFS.lng,
          tzName: LONDON_PREFS.tz_name,
          calcMethod: 'MuslimWorldLeague',
          highLatRule: 'MiddleOfTheNight',
        },
        offsetMinutes: 0,
      },
      got[0]!.input.callDate,
      got.length,
    );
    got.forEach((d, i) => {
      expect(d.input.callDate).toBe(expected[i]!.date);
      expect(d.input.plannedAt).toBe(expected[i]!.callAt);
      // Armed CALL_ARM_LEAD_SECONDS (120 s, one user in that minute → +1 s) before the instant.
      const lead = Date.parse(d.input.plannedAt) - d.dispatchedAt;
      expect(lead).toBeGreaterThanOrEqual(119_000);
      expect(lead).toBeLessThanOrEqual(125_000);
    });
    const dates = got.map((d) => d.input.callDate);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates).toContain(change);
    // Across the change the offset flips and the instant stays on the sun's pace.
    const i = dates.indexOf(change);
    expect(got[i - 1]!.input.plannedAt.endsWith('+00:00')).toBe(true);
    expect(got[i]!.input.plannedAt.endsWith('+01:00')).toBe(true);
    expect(Math.abs(Date.parse(got[i]!.input.plannedAt) - Date.parse(got[i - 1]!.input.plannedAt) - DAY)).toBeLessThan(
      5 * MIN,
    );
  });

  it("when a mosque user is called for 60+ days, then each call is 30 minutes before that date's jamaah, and a date with no timetable follows the mosque's stated fallback", async () => {
    const t0 = DateTime.fromMillis(await pin('06-01T12:00:00Z'), { zone: 'Europe/London' });
    const [mosque] = await t.tdb
      .knex('mosques')
      .insert({
        name: `Test Mosque ${randomUUID().slice(0, 6)}`,
        address: '1 Test St',
        country_code: 'GB',
        city_name: 'London',
        lat: 51.52,
        lng: -0.07,
        tz_name: 'Europe/London',
      })
      .returning('id');
    const jamaah = new Map<string, string>();
    const gap = t0.plus({ days: 10 }).toISODate()!;
    for (let d = 0; d < 70; d += 1) {
      const day = t0.plus({ days: d });
      if (day.toISODate() === gap) continue;
      // Varying minutes so a wrong day or offset cannot pass by accident.
      const at = day.set({ hour: 5, minute: (d * 7) % 60, second: 0, millisecond: 0 });
      jamaah.set(day.toISODate()!, at.toUTC().toISO()!);
      await t.tdb
        .knex('mosque_fajr_times')
        .insert({ mosque_id: mosque.id, local_date: day.toISODate(), jamaah_at: at.toJSDate() });
    }
    const user = await insertUser(t.tdb.knex, {
      prefs: { mosque_id: mosque.id, fajr_call_time_pref: '45 minutes after Fajr starts' },
    });
    await start(user);
    await t.env.sleep(64 * DAY);
    await settled(() => dialsOf(user).length >= 60);
    const got = dialsOf(user);
    expect(got.length).toBeGreaterThanOrEqual(60);
    for (const d of got.filter((x) => x.input.callDate !== gap)) {
      const j = jamaah.get(d.input.callDate);
      expect(j).toBeDefined();
      expect(Date.parse(j!) - Date.parse(d.input.plannedAt)).toBe(30 * MIN);
    }
    // Issue 46: a date the mosque's times miss is called by its usual gap after the calculated Fajr
    // (20 minutes unless the mosque says otherwise), 30 minutes before that, never before Fajr begins.
    expect(got.filter((d) => d.input.callDate === gap)).toHaveLength(1);
  });

  it("when the minute was crowded, then the chain plans the next day at a random moment within the plan's spread after the call, or at once when preferences change", async () => {
    await pin('09-01T12:00:00Z');
    const [quick, slow] = [
      await insertUser(t.tdb.knex, { plan: 'PLUS', prefs: { ...LONDON_PREFS } }),
      await insertUser(t.tdb.knex, { plan: 'PLUS', prefs: { ...LONDON_PREFS } }),
    ];
    crowded.set(quick, 600);
    // Long enough that the random spread is all but never shorter than the few seconds the test takes to
    // signal it (36,000 s, checked after the quick chain's 11 minutes, came out shorter about once in 55 runs).
    crowded.set(slow, 3_600_000);
    const [hq, hs] = [await start(quick), await start(slow)];
    await settled(async () => (await stateOf(hq)).status === 'scheduled');
    const planned = await stateOf(hq);
    // Both live in London: the same call instant. Just after it, both chains are waiting out their spread.
    await skipTo(new Date(Date.parse(planned.next!.callAt) + 5000).toISOString());
    expect(dialsOf(quick)).toHaveLength(1);
    expect(dialsOf(slow)).toHaveLength(1);
    const spreadTimer = async (h: { workflowId: string; firstExecutionRunId: string }) => {
      const run = (await t.env.client.workflow.getHandle(h.workflowId, h.firstExecutionRunId).fetchHistory()).events!;
      const after = run.slice(run.findIndex((e) => e.childWorkflowExecutionCompletedEventAttributes));
      expect(after.some((e) => e.markerRecordedEventAttributes)).toBe(true);
      const timeout = after.find((e) => e.timerStartedEventAttributes)!.timerStartedEventAttributes!
        .startToFireTimeout!;
      // Whole seconds and nanos: a spread under a second has 0 seconds.
      return { after, ms: Number(timeout.seconds ?? 0) * 1000 + (timeout.nanos ?? 0) / 1e6 };
    };

    // The slow chain (up to 1,000 h) is waiting; a preference change plans at once.
    const s1 = await spreadTimer(hs);
    expect(s1.ms).toBeLessThanOrEqual(3_600_000_000);
    expect((await hs.query(fajrCallsStateQuery)).status).toBe('planning');
    await hs.signal(prefsChangedSignal);
    const current = t.env.client.workflow.getHandle(fajrCallsWorkflowId(slow));
    await settled(async () => (await current.query(fajrCallsStateQuery)).status === 'scheduled');
    expect((await current.query(fajrCallsStateQuery)).status).toBe('scheduled');
    // Planned at once, in the same run: the spread timer never fired.
    const s2 = await spreadTimer(hs);
    expect(s2.after.some((e) => e.timerFiredEventAttributes)).toBe(false);
    expect(
      s2.after.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'planNextFajrCall'),
    ).toHaveLength(1);

    // The quick chain: its timer (at most 600 s) fires, then it continues as new and plans the next day.
    await t.env.sleep(11 * MIN);
    const q = await spreadTimer(hq);
    expect(q.ms).toBeGreaterThan(0);
    expect(q.ms).toBeLessThanOrEqual(600_000);
    const fired = q.after.findIndex((e) => e.timerFiredEventAttributes);
    expect(fired).toBeGreaterThan(0);
    expect(fired).toBeLessThan(q.after.findIndex((e) => e.workflowExecutionContinuedAsNewEventAttributes));
    expect((await hq.query(fajrCallsStateQuery)).status).toBe('scheduled');
  });

  it("replays recorded histories of the chain and of a day's call without non-determinism", async () => {
    await pin('09-10T12:00:00Z');
    const user = await insertUser(t.tdb.knex, {
      plan: 'PREMIUM',
      prefs: { ...LONDON_PREFS, allow_repeat_calls: true },
    });
    answers.set(user, 'no-answer');
    const h = await start(user);
    await t.env.sleep(2 * DAY);
    await settled(() => dialsOf(user).length >= 1);
    const day = dialsOf(user)[0]!.input.callDate;
    const dayHistory = await t.env.client.workflow.getHandle(fajrCallWorkflowId(user, day)).fetchHistory();
    await h.signal(prefsChangedSignal);
    const chainHistory = await h.fetchHistory();
    await Worker.runReplayHistory({ workflowBundle: t.workflowBundle }, dayHistory, fajrCallWorkflowId(user, day));
    await Worker.runReplayHistory({ workflowBundle: t.workflowBundle }, chainHistory, fajrCallsWorkflowId(user));
  });
  // Run directly rather than under the chain: with a failed child under the chain, the Java
  // time-skipping server stalled later tests here (cause not pinned down), so this runs last.
  it("when the provider keeps refusing a call, then it is retried with backoff and the day's fajrCall fails with the provider's error", async () => {
    const user = await insertUser(t.tdb.knex, { prefs: { ...LONDON_PREFS } });
    refuseFirstDay.set(user, { tries: 0 });
    await pin('09-20T12:00:00Z');
    const callAt = new Date((await t.env.currentTimeMs()) + 3 * 60_000).toISOString();
    const day = callAt.slice(0, 10);
    const handle = await t.env.client.workflow.start(fajrCall, {
      workflowId: fajrCallWorkflowId(user, day),
      taskQueue,
      args: [{ userId: user, callDate: day, callAt, leadSeconds: 120 }],
    });
    await expect(handle.result()).rejects.toMatchObject({
      cause: { message: 'Twilio: The caller id is not verified (21210)' },
    });
    expect(refuseFirstDay.get(user)!.tries).toBe(6);
    expect((await handle.describe()).status.name).toBe('FAILED');
    expect(dialsOf(user)).toHaveLength(0);
  });
});
