import type { LocalTelephony } from '@fajr/activities/adapters/telephony/local';
import { signCallback } from '@fajr/activities/adapters/telephony/signature';
import { postAsTwilio } from '@fajr/scripts/testing/twilio';
import { statsResult, testCallResult } from '../src/contracts/schedules.contract';
import { useApi } from '@fajr/scripts/testing/api';
import { localDateOf } from '@fajr/activities/domain/planning';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { fajrCall, testCallWorkflowId } from '@fajr/workflows';

jest.setTimeout(120_000);

// Test calls, stats, the status webhook and the dev phone page; the schedule itself is in schedules.int.test.ts.
describe('Fajr schedules, test calls, stats and the Twilio status webhook (real app, Postgres, Temporal)', () => {
  const h = useApi({ worker: 'all' });

  const basic = (prefs: Record<string, unknown> = LONDON_PREFS, plan: 'BASIC' | 'PLUS' | 'PREMIUM' | null = 'BASIC') =>
    h.user({ plan, phoneNumber: freshPhone(), preferences: prefs });

  it('when a user asks for a test call, then one call is placed, a second request meanwhile gets 409, and the outcome is logged', async () => {
    const number = freshPhone();
    const u = await h.user({ plan: 'BASIC', phoneNumber: number, preferences: LONDON_PREFS });
    await (h.deps.providers.telephony as LocalTelephony).setBehaviour(number, {
      outcome: 'answer',
      ringMs: 1500,
      durationSeconds: 17,
    });
    const first = await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token });
    expect({ status: first.status, body: first.body }).toEqual({
      status: 200,
      body: { message: "we'll call you within 5 minutes", code: 'call.test_sent' },
    });
    const second = await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(/already on its way/);
    const result = await h.temporal.workflow.getHandle(testCallWorkflowId(u.id)).result();
    expect(result).toEqual({ outcome: 'answered', durationSeconds: 17 });
    expect(await h.db('local_phone_calls').where({ to_number: number }).count({ n: '*' })).toEqual([{ n: 1 }]);
    const attempts = await h.db('call_attempts').where({ user_id: u.id });
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      kind: 'test',
      outcome: 'answered',
      duration_seconds: 17,
      answered_by: 'human',
    });
    // Finished: another may be requested.
    const third = await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token });
    expect(third.status).toBe(200);
    await h.temporal.workflow.getHandle(testCallWorkflowId(u.id)).result();
  });

  it('when a person answers a manual test call in the dev phone page, then the call is logged as answered by a human', async () => {
    const number = freshPhone();
    const u = await h.user({ plan: 'BASIC', phoneNumber: number, preferences: LONDON_PREFS });
    await h.api('POST', '/api/dev/phone/behaviours', { body: { phoneNumber: number, outcome: 'manual' } });
    expect((await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token })).status).toBe(200);
    let ringing: any;
    for (let i = 0; i < 100 && !ringing; i += 1) {
      const calls = (await h.api('GET', '/api/dev/phone/calls')).body.result as any[];
      ringing = calls.find((c) => c.to === number && c.status === 'ringing');
      if (!ringing) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ringing).toBeDefined();
    const answered = await h.api('POST', `/api/dev/phone/calls/${ringing.sid}/answer`, {
      body: { durationSeconds: 8 },
    });
    expect(answered.body.result).toMatchObject({ status: 'completed', answeredBy: 'human', durationSeconds: 8 });
    expect(await h.temporal.workflow.getHandle(testCallWorkflowId(u.id)).result()).toEqual({
      outcome: 'answered',
      durationSeconds: 8,
    });
  });

  it('when a user without a phone number or with an ended trial asks for a test call, then 400 / 403', async () => {
    const noPhone = await h.user({ plan: 'BASIC', preferences: LONDON_PREFS });
    expect((await h.api('POST', '/api/salah-schedules/calls/test', { token: noPhone.token })).status).toBe(400);
    const ended = await h.user({
      plan: null,
      phoneNumber: freshPhone(),
      trialEndsAt: new Date(Date.now() - 86_400_000),
      preferences: LONDON_PREFS,
    });
    const res = await h.api('POST', '/api/salah-schedules/calls/test', { token: ended.token });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 403,
      body: { error: 'Your free trial has ended, please upgrade your plan', code: 'plan.trial_ended' },
    });
  });

  it('when a non-Plus user asks for stats, then 403; a Plus user gets only their own month, test calls in the log but not the counts', async () => {
    const b = await basic();
    const denied = await h.api('GET', '/api/salah-schedules/calls/stats', { token: b.token });
    expect({ status: denied.status, body: denied.body }).toEqual({
      status: 403,
      body: { error: 'Upgrade to PLUS plan to access this feature', code: 'plan.upgrade_plus' },
    });
    const p = await basic(LONDON_PREFS, 'PLUS');
    const other = await basic(LONDON_PREFS, 'PLUS');
    // The user's own date: stats count London's month, which begins an hour before UTC's in summer.
    const today = localDateOf(new Date(), LONDON_PREFS.tz_name);
    const row = (userId: string, key: string, attempt: number, outcome: string, duration: number) => ({
      attempt_key: key,
      user_id: userId,
      kind: attempt === 1 ? 'fajr' : 'repeat',
      call_date: today,
      workflow_id: key.split('#')[0],
      attempt,
      planned_at: new Date(),
      placed_at: new Date(),
      outcome,
      duration_seconds: duration,
      provider: 'local',
    });
    await h.db('call_attempts').insert([
      row(p.id, `fajr-call:${p.id}:${today}#1`, 1, 'no-answer', 0),
      row(p.id, `fajr-call:${p.id}:${today}#2`, 2, 'answered', 31),
      row(p.id, `fajr-call:${p.id}:2001-01-01#1`, 1, 'answered', 9),
      row(other.id, `fajr-call:${other.id}:${today}#1`, 1, 'answered', 44),
      // A test call: listed in the log, not counted as a Fajr morning.
      {
        ...row(p.id, `test-call:${p.id}#1`, 1, 'answered', 12),
        kind: 'test',
        planned_at: new Date(Date.now() + 60_000),
      },
    ]);
    await h
      .db('call_attempts')
      .where({ attempt_key: `fajr-call:${p.id}:2001-01-01#1` })
      .update({ call_date: '2001-01-01' });
    const res = await h.api('GET', '/api/salah-schedules/calls/stats', { token: p.token });
    expect(res.status).toBe(200);
    const { result } = statsResult.parse(res.body);
    expect(result.answered).toBe(1);
    expect(result.missed).toBe(0);
    // Newest first; the test call marked as one.
    expect(result.callLogs.map((l) => [l.kind, l.callAnsweredBy, l.callDuration])).toEqual([
      ['test', 'Answered', 12],
      ['repeat', 'Answered', 31],
      ['fajr', 'No answer', 0],
    ]);

    // Whoever asked for a test call hears how it went, whatever the plan.
    const latest = await h.api('GET', '/api/salah-schedules/calls/test', { token: p.token });
    expect(testCallResult.parse(latest.body).result.testCall).toMatchObject({
      outcome: 'answered',
      finished: true,
      label: 'Answered',
    });
    const trial = await h.user({ plan: null, phoneNumber: freshPhone() });
    expect((await h.api('GET', '/api/salah-schedules/calls/test', { token: trial.token })).body).toEqual({
      result: { testCall: null },
    });
  });

  it('when a status callback has a bad signature, then 403; a good one is applied once and idempotently', async () => {
    const url = `${h.base}/api/webhooks/twilio/call-status`;
    const sid = `CA${'ab'.repeat(16)}`;
    const u = await basic();
    const key = `fajr-call:${u.id}:2027-01-01#1`;
    await h.db('call_attempts').insert({
      attempt_key: key,
      user_id: u.id,
      kind: 'fajr',
      call_date: '2027-01-01',
      workflow_id: `fajr-call:${u.id}:2027-01-01`,
      attempt: 1,
      planned_at: new Date(),
      provider: 'local',
      provider_call_id: sid,
      outcome: 'ringing',
    });
    const post = (params: Record<string, string>, signature: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      });
    const params = { CallSid: sid, CallStatus: 'completed', CallDuration: '25', AnsweredBy: 'human' };
    expect((await post(params, 'bm90LWEtc2lnbmF0dXJl')).status).toBe(403);
    expect((await post(params, signCallback('some-other-token-123456', url, params))).status).toBe(403);
    const good = signCallback(h.config.LOCAL_TELEPHONY_AUTH_TOKEN, url, params);
    expect((await post({ ...params, CallDuration: '99' }, good)).status).toBe(403); // tampered body
    expect((await post(params, good)).status).toBe(204);
    expect((await post(params, good)).status).toBe(204);
    const late = { CallSid: sid, CallStatus: 'no-answer' };
    expect((await post(late, signCallback(h.config.LOCAL_TELEPHONY_AUTH_TOKEN, url, late))).status).toBe(204);
    expect(
      await h.db('call_attempts').where({ attempt_key: key }).first('outcome', 'duration_seconds', 'answered_by'),
    ).toEqual({
      outcome: 'answered',
      duration_seconds: 25,
      answered_by: 'human',
    });
    const bad = { CallSid: 'nope', CallStatus: 'completed' };
    const badRes = await post(bad, signCallback(h.config.LOCAL_TELEPHONY_AUTH_TOKEN, url, bad));
    expect(badRes.status).toBe(400);
  });

  it('when the provider reports progress (ringing, answered), then it is logged and the workflow is not signalled; the end of the call signals it once', async () => {
    const url = `${h.base}/api/webhooks/twilio/call-status`;
    const sid = `CA${'cd'.repeat(16)}`;
    const u = await basic();
    // The call's workflow on a task queue nobody polls: its history shows every signal the webhook sends.
    const workflowId = `status-signals-${u.id}`;
    const handle = await h.temporal.workflow.start(fajrCall, {
      taskQueue: `nobody-polls-${u.id}`,
      workflowId,
      args: [{ userId: u.id, callDate: '2027-01-02', callAt: new Date().toISOString(), leadSeconds: 120 }],
    });
    const key = `fajr-call:${u.id}:2027-01-02#1`;
    await h.db('call_attempts').insert({
      attempt_key: key,
      user_id: u.id,
      kind: 'fajr',
      call_date: '2027-01-02',
      workflow_id: workflowId,
      attempt: 1,
      planned_at: new Date(),
      provider: 'local',
      provider_call_id: sid,
      outcome: 'pending',
    });
    const post = async (params: Record<string, string>) => {
      const res = await postAsTwilio(h, url, params);
      expect(res.status).toBe(204);
    };
    const signals = async () =>
      (await handle.fetchHistory()).events!.filter((e) => e.workflowExecutionSignaledEventAttributes).length;
    const outcome = async () => (await h.db('call_attempts').where({ attempt_key: key }).first('outcome'))!.outcome;

    await post({ CallSid: sid, CallStatus: 'ringing' });
    expect(await outcome()).toBe('ringing');
    await post({ CallSid: sid, CallStatus: 'in-progress', AnsweredBy: 'human' });
    expect(await signals()).toBe(0);
    await post({ CallSid: sid, CallStatus: 'completed', CallDuration: '31', AnsweredBy: 'human' });
    expect(await outcome()).toBe('answered');
    expect(await signals()).toBe(1);
    await handle.terminate('test over');
  });

  it('the dev phone page lists calls and lets a person set behaviours (local provider only)', async () => {
    const page = await fetch(`${h.base}/api/dev/phone`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Local phone (development)');
    const set = await h.api('POST', '/api/dev/phone/behaviours', {
      body: { phoneNumber: '+447400900999', outcome: 'busy' },
    });
    expect({ status: set.status, body: set.body }).toEqual({ status: 200, body: { message: 'Behaviour saved' } });
    expect(
      (await h.api('POST', '/api/dev/phone/behaviours', { body: { phoneNumber: '12', outcome: 'busy' } })).status,
    ).toBe(400);
    expect((await h.api('POST', `/api/dev/phone/calls/CA${'0'.repeat(32)}/answer`, { body: {} })).status).toBe(404);
  });
});
