import { Client, Connection } from '@temporalio/client';
import { planDays } from '@fajr/activities/domain/planning';
import { buildCallPlan, loadCallPlanSource } from '@fajr/activities/repositories/call-plans.repository';
import { twimlOfAttempt } from '@fajr/scripts/testing/attempts';
import { LONDON } from '@fajr/scripts/testing/fixtures';
import { fajrCall, fajrCallWorkflowId, REPEAT_AFTER_MS } from '@fajr/workflows';
import { expectToast, readyUserByApi, screenshot, step, useBrowserStack } from './support';

const MIN = 60_000;

/**
 * The last call before sunrise (issue 47 point 1), end to end: a Premium user switches it on in the
 * browser; a morning whose Fajr call and repeat go unanswered on the local phone; the phone gets the
 * last call at its planned time, saying the minutes left; the account page tells it before and after.
 *
 * A morning is made to happen now (no 10-minute wait for the repeat, no sunrise to wait for): the user
 * prays by a published timetable whose row for today has Fajr 9 min 50 s ago and sunrise 30 min 40 s
 * after it, and the day's `fajrCall` is started as the chain starts it, with the chain's own plan of the
 * day (the same planner the dial's re-check asks). The repeat then falls due in seconds and the last
 * call, 20 minutes before sunrise, some 30 s after it.
 */
describe('the last call before sunrise (Premium)', () => {
  const h = useBrowserStack();
  let temporal: Connection | undefined;
  afterAll(async () => temporal?.close());

  const api = async (token: string, path: string) =>
    (
      (await (
        await fetch(`${h.stack.baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { result: Record<string, unknown> }
    ).result;
  const behave = (phoneNumber: string, outcome: string, pressKey = '1') =>
    fetch(`${h.stack.baseUrl}/api/dev/phone/behaviours`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phoneNumber, outcome, ringMs: 1000, durationSeconds: 20, pressKey }),
    });
  type Attempt = { kind: string; attempt_key: string; planned_at: Date; placed_at: Date | null; outcome: string };
  const attemptsOf = (userId: string): Promise<Attempt[]> =>
    h.stack.db.knex('call_attempts').where({ user_id: userId }).orderBy('attempt', 'asc');
  /** Polls until `check` holds for the user's attempts (the workflow dials in the background). */
  async function until(userId: string, what: string, check: (a: Attempt[]) => boolean, ms = 60_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const attempts = await attemptsOf(userId);
      if (check(attempts)) return attempts;
      if (Date.now() > deadline)
        throw new Error(`${what}: ${JSON.stringify(attempts)}\n${h.stack.output.slice(-20).join('\n')}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  it('a Premium user switches it on; Fajr and the repeat go unanswered; the local phone gets the last call at its time; the page and the call log show it as its own kind', async () => {
    const { token, phone } = await readyUserByApi(h.stack);
    const userId = ((await api(token, '/users/current-user')).user as { id: string }).id;
    // The plan as the billing webhook would leave it (buying it is the store's and the checkout's tests).
    await h.stack.db.knex('users').where({ id: userId }).update({ plan: 'PREMIUM' });
    await h.stack.db.knex('preferences').where({ user_id: userId }).update({ allow_repeat_calls: true });

    // A published timetable with today's row long past (the chain, re-planning as settings change, plans
    // tomorrow); the row is moved to now once the switch is on.
    const londonDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);
    const [table] = await h.stack.db
      .knex('published_timetables')
      .insert({
        authority: 'Sunrise e2e',
        country_code: 'GB',
        city_name: LONDON.cityName,
        lat: LONDON.lat,
        lng: LONDON.lng,
        tz_name: 'Europe/London',
      })
      .returning('id');
    const past = new Date(Date.now() - 3 * 3600_000);
    const row = { timetable_id: table.id, local_date: londonDate(past) };
    await h.stack.db
      .knex('published_timetable_days')
      .insert({ ...row, fajr_at: past, sunrise_at: new Date(past.getTime() + 90 * MIN) });
    await h.stack.db.knex('preferences').where({ user_id: userId }).update({ prayer_timetable_id: table.id });

    const { page, logs } = await h.pageFor(token, { viewport: { width: 390, height: 844 } });
    await step(page, logs, 'switch the last call before sunrise on in Settings', async () => {
      await page.goto('/app/settings');
      const section = page.getByTestId('sunrise-call');
      await section
        .getByRole('switch', { name: 'Call me once more before sunrise if I am still not awake' })
        .or(section.getByRole('checkbox', { name: 'Call me once more before sunrise if I am still not awake' }))
        .click();
      await expectToast(page, 'Last call before sunrise enabled');
      await section.getByLabel('When to call').or(section.getByRole('combobox')).first().waitFor();
      await screenshot(page, 'sunrise-call-settings-on');
    });

    // The morning: Fajr (the call: "As soon as Fajr starts") 9 min 50 s ago, sunrise 30 min 40 s after it;
    // the day's call started as the chain starts it, with the chain's plan of the day.
    const fajrAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 9 * MIN - 50_000);
    const sunriseAt = new Date(fajrAt.getTime() + REPEAT_AFTER_MS + 20 * MIN + 40_000);
    const callDate = londonDate(fajrAt);
    await h.stack.db
      .knex('published_timetable_days')
      .where(row)
      .update({ local_date: callDate, fajr_at: fajrAt, sunrise_at: sunriseAt });
    await behave(phone, 'no-answer');
    const src = (await loadCallPlanSource(h.stack.db.knex, userId, new Date()))!;
    expect(src.sunriseCallMinutes).toBe(20);
    const day = planDays((await buildCallPlan(h.stack.db.knex, src, callDate, 1))!, callDate, 1)[0]!;
    expect([Date.parse(day.callAt!), Date.parse(day.sunriseAt!)]).toEqual([fajrAt.getTime(), sunriseAt.getTime()]);
    temporal = await Connection.connect({ address: process.env.FAJR_TEST_TEMPORAL_ADDRESS! });
    const run = await new Client({ connection: temporal }).workflow.start(fajrCall, {
      workflowId: fajrCallWorkflowId(userId, callDate),
      taskQueue: h.stack.taskQueue,
      args: [
        { userId, callDate, callAt: day.callAt!, leadSeconds: 5, sunrise: { sunriseAt: day.sunriseAt!, minutes: 20 } },
      ],
    });

    // Attempt 1 and the repeat ring out; then the page says when the last call comes.
    await until(
      userId,
      'the Fajr call and the repeat unanswered',
      (a) => a.filter((x) => ['fajr', 'repeat'].includes(x.kind) && x.outcome === 'no-answer').length === 2,
    );
    await behave(phone, 'answer');
    const lastAt = new Date(sunriseAt.getTime() - 20 * MIN);
    const expectedTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    })
      .format(lastAt)
      .replace(/\s?([ap])m$/i, (_m, p: string) => ` ${p.toUpperCase()}M`);
    await step(page, logs, 'this morning says when the last call comes', async () => {
      await page.goto('/app');
      const morning = page.getByTestId('this-morning');
      await morning
        .getByText(new RegExp(`^Last call before sunrise at ${expectedTime}`))
        .first()
        .waitFor();
      await morning.getByText(/^Repeat call at .*: No answer$/).waitFor();
      await page
        .getByTestId('next-call')
        .getByText(/^Next call: the last call before sunrise, /)
        .waitFor();
      await screenshot(page, 'sunrise-call-this-morning-due');
    });

    // The last call: placed at its instant (never before), once, saying the minutes left; answered with the key.
    const attempts = await until(userId, 'the last call before sunrise answered', (a) =>
      a.some((x) => x.kind === 'sunrise' && x.outcome === 'answered'),
    );
    const sunrise = attempts.find((a) => a.kind === 'sunrise')!;
    // Attempt 1 rang out within a second, as a silenced phone does: Premium's ring-through came too.
    expect(attempts.map((a) => a.kind)).toEqual(['fajr', 'repeat', 'ring-through', 'sunrise']);
    expect(sunrise.attempt_key).toBe(`sunrise-call:${userId}:${callDate}#5`);
    expect(sunrise.planned_at.getTime()).toBe(lastAt.getTime());
    expect(sunrise.placed_at!.getTime()).toBeGreaterThanOrEqual(lastAt.getTime());
    expect(sunrise.placed_at!.getTime()).toBeLessThan(lastAt.getTime() + 15_000);
    expect(await twimlOfAttempt(h.stack.db.knex, sunrise.attempt_key)).toContain('Twenty minutes until sunrise.');
    expect(await run.result()).toMatchObject({ outcome: 'answered', wokenBy: 'sunrise' });

    await step(page, logs, 'the local phone console shows what the last call said', async () => {
      await page.goto('/api/dev/phone');
      await page.getByText('Twenty minutes until sunrise.').first().waitFor();
    });
    await step(page, logs, 'this morning and the call log show it as its own kind', async () => {
      await page.goto('/app');
      const morning = page.getByTestId('this-morning');
      await morning.getByText('You answered: you were up for Fajr').waitFor();
      await morning.getByText(/^Last call before sunrise at .*: You answered and pressed a key$/).waitFor();
      const log = page.getByRole('list', { name: 'Call log' });
      await log.getByText('Last call before sunrise').waitFor();
      expect(await log.getByRole('listitem').count()).toBe(4);
      await page.getByText('Fajr mornings answered').waitFor();
      expect(await api(token, '/salah-schedules/calls/stats')).toMatchObject({ answered: 1, missed: 0 });
      await screenshot(page, 'sunrise-call-answered');
    });
  });
});
