import { MockActivityEnvironment } from '@temporalio/testing';
import { insertUser, LONDON_PREFS, useTestDeps } from '@fajr/scripts/testing/fixtures';
import { twimlOfAttempt } from '@fajr/scripts/testing/attempts';
import { insertTestMosque, WHITECHAPEL_MOSQUE } from '@fajr/scripts/testing/mosques';
import { attemptKeyFor, createCallActivities, type NextCallPlan } from '../src/calls/calls.activities';
import { CALL_LINES } from '../src/domain/call-speech';
import { addDays, localDateOf } from '../src/domain/time/zone-clock';

// Issue 46 point 4: "a member who picked it ... hears tomorrow's change on today's call".
describe("the morning before a mosque's jama'ah moves (real Postgres, local telephony)", () => {
  const t = useTestDeps({ CALL_ARM_LEAD_SECONDS: '0' });

  async function memberOfMosque(name: string, todayAt: Date, tomorrowAt: Date, language = 'en') {
    const today = localDateOf(todayAt, 'Europe/London');
    const mosque = await insertTestMosque(t.db.knex, { ...WHITECHAPEL_MOSQUE, name, address: '1 Road' }, [
      { localDate: today, jamaahAt: todayAt },
      { localDate: addDays(today, 1), jamaahAt: tomorrowAt },
    ]);
    const userId = await insertUser(t.db.knex, {
      prefs: { ...LONDON_PREFS, mosque_id: mosque.id, mosque_lead_minutes: 30 },
    });
    await t.db.knex('users').where({ id: userId }).update({ language, call_language: null });
    return userId;
  }

  /** Plans the member's next call now, dials it, and answers the plan and the TwiML the local phone was given. */
  async function planAndDial(userId: string): Promise<{ plan: NextCallPlan; twiml: string }> {
    const activities = createCallActivities(t.deps);
    const env = new MockActivityEnvironment();
    const plan = (await env.run(activities.planNextFajrCall, {
      userId,
      afterDate: null,
      now: new Date().toISOString(),
    })) as NextCallPlan;
    if (plan.status !== 'planned') throw new Error(`not planned: ${plan.status}`);
    const input = {
      userId,
      workflowId: `fajr-call:${userId}:${plan.callDate}`,
      attempt: 1,
      kind: 'fajr' as const,
      callDate: plan.callDate,
      plannedAt: plan.callAt,
      dayCallAt: plan.callAt,
      ...(plan.jamaahChange ? { jamaahChange: plan.jamaahChange } : {}),
    };
    expect(await env.run(activities.dialCall, input)).toMatchObject({ status: 'placed' });
    return { plan, twiml: await twimlOfAttempt(t.db.knex, attemptKeyFor(input)) };
  }

  // Today's jama'ah a few seconds past the member's 30 minutes: the call is due now.
  const dueNow = () => new Date(Math.ceil((Date.now() + 30 * 60_000 + 3_000) / 1000) * 1000);
  const clockInLondon = (d: Date) => {
    const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
      .format(d)
      .split(':')
      .map(Number);
    return { hour: hour!, minute: minute! };
  };

  it('when tomorrow is 20 minutes later, then the plan carries it and the call says so last, in its language', async () => {
    const today = dueNow();
    const tomorrow = new Date(today.getTime() + 24 * 3600_000 + 20 * 60_000);
    const userId = await memberOfMosque('Masjid An-Noor', today, tomorrow);
    const { plan, twiml } = await planAndDial(userId);
    expect(plan).toMatchObject({
      jamaahChange: { mosqueName: 'Masjid An-Noor', date: addDays(plan.status === 'planned' ? plan.callDate : '', 1) },
    });
    const line = CALL_LINES.en.jamaahChange('Masjid An-Noor', clockInLondon(tomorrow));
    expect(line).toMatch(/^From tomorrow, Fajr jama'ah at Masjid An-Noor is at \d{1,2}:\d\d [AP]M\.$/);
    // With the awake check (the default): the last words before the adhaan (a key ends the call), and after "no key".
    expect(twiml).toContain(`${CALL_LINES.en.pressAKey} ${line}</Say><Play>`);
    expect(twiml).toContain(`${CALL_LINES.en.noKey} ${line}</Say></Response>`);
    // A key cuts the call short: its signed URL carries the change, so the key's answer says it too.
    const keyUrl = /<Gather\b[^>]*\baction="([^"]*)"/.exec(twiml)![1]!;
    const jc = /[?&]jc=(\d{4})\.([A-Za-z0-9_-]+)/.exec(keyUrl.replace(/&amp;/g, '&'))!;
    const { hour, minute } = clockInLondon(tomorrow);
    expect(jc[1]).toBe(`${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')}`);
    expect(Buffer.from(jc[2]!, 'base64url').toString('utf8')).toBe('Masjid An-Noor');
  });

  it('when the call speaks Urdu, then the change is clips around the mosque name read by a voice', async () => {
    const today = dueNow();
    const tomorrow = new Date(today.getTime() + 24 * 3600_000 - 15 * 60_000);
    const userId = await memberOfMosque('Masjid Bilal', today, tomorrow, 'ur');
    const { twiml } = await planAndDial(userId);
    expect(twiml).toMatch(
      /from-tomorrow\.wav<\/Play><Say voice="Google\.en-IN-Standard-A" language="en-IN">Masjid Bilal<\/Say><Play>[^<]*fajr-jamaah-in\.wav<\/Play>/,
    );
    expect(twiml).toMatch(/(minutes-will-be|baje-will-be)\.wav<\/Play><\/Response>$/);
  });

  it('when tomorrow moves under 5 minutes, then the call says nothing of it', async () => {
    const today = dueNow();
    const userId = await memberOfMosque('Masjid Quba', today, new Date(today.getTime() + 24 * 3600_000 + 4 * 60_000));
    const { plan, twiml } = await planAndDial(userId);
    expect(plan).not.toHaveProperty('jamaahChange');
    expect(twiml).not.toContain('From tomorrow');
  });
});
