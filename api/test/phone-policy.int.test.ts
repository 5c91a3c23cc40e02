import { numberKey } from '@fajr/activities/repositories/phone-sends.repository';
import { DAILY_CAPS } from '@fajr/activities/domain/phone-policy';
import { nextCode, signupPhone, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { fajrCallsWorkflowId, prefsChangedSignal } from '@fajr/workflows';
import { VERIFY_TO_BE_CALLED } from '../src/services/schedules.service';

jest.setTimeout(60_000);

// Issue 14, point 1: nobody is phoned who didn't ask, nobody pays for a call we didn't mean to make.
const h = useApi({ worker: 'accounts', userPreferences: LONDON_PREFS });

const HOUR_MS = 3600_000;
/** Rows of the daily-cap ledger, as if sent `hoursAgo` (one per entry), for a user and/or a number. */
async function sent(
  channel: 'sms' | 'test-call',
  hoursAgo: number[],
  who: { userId?: string | null; phoneNumber: string },
) {
  for (const h0 of hoursAgo) {
    await h.db('phone_sends').insert({
      channel,
      user_id: who.userId ?? null,
      number_key: numberKey(h.config.OTP_SECRET, who.phoneNumber),
      sent_at: new Date(Date.now() - h0 * HOUR_MS),
    });
  }
}

describe('numbers we call and text', () => {
  it.each([
    ['+44 909 123 4567', /premium-rate/],
    ['+44 870 123 4567', /premium-rate/],
    ['+881 6 1234 5678', /satellite/],
    ['+86 138 1234 5678', /numbers in China yet/],
  ])('when someone signs up with %s, then 400 says why and no account is made', async (number, why) => {
    const r = await h.api('POST', '/api/users/signup?source=web', {
      body: { phoneNumber: number, password: 'correct horse battery' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(why);
    expect(await h.db('users').whereLike('phone_number', `%${number.replace(/\D/g, '').slice(-7)}`)).toHaveLength(0);
  });

  it('when a premium-rate number is validated, then it is not valid and the reason is given', async () => {
    const r = await h.api('POST', '/api/users/validate-phone-number', { body: { phoneNumber: '+449091234567' } });
    expect(r.body.result).toMatchObject({
      valid: false,
      phoneNumber: '+449091234567',
      reason: expect.stringMatching(/premium-rate/),
    });
    expect(
      (await h.api('POST', '/api/users/validate-phone-number', { body: { phoneNumber: '+447400123456' } })).body.result,
    ).toEqual({
      valid: true,
      phoneNumber: '+447400123456',
      countryCode: 'GB',
    });
  });

  it('when an account already holds a refused number, then no verification text is sent and 400 says why', async () => {
    const u = await h.user({ phoneNumber: '+448701234567', phoneVerified: false });
    const r = await h.api('POST', '/api/users/send-verification', { token: u.token });
    expect(r).toMatchObject({ status: 400, body: { error: expect.stringMatching(/premium-rate/) } });
  });
});

describe('no call to a number nobody proved', () => {
  it('when the number is not verified, then a test call is refused and the schedule and next call say why', async () => {
    const u = await h.user({ plan: 'BASIC', phoneNumber: freshPhone(), phoneVerified: false });
    expect(await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token })).toMatchObject({
      status: 403,
      body: { error: VERIFY_TO_BE_CALLED },
    });
    expect(await h.db('phone_sends').where({ user_id: u.id })).toHaveLength(0);
    const schedule = await h.api('GET', '/api/salah-schedules/fajr-schedules', { token: u.token });
    expect(schedule.body).toMatchObject({ result: [], status: 'phone-unverified', message: VERIFY_TO_BE_CALLED });
    const today = await h.api('GET', '/api/salah-schedules/fajr-schedules/today', { token: u.token });
    expect(today.body.result).toMatchObject({
      fajrCallTime: null,
      status: 'phone-unverified',
      message: VERIFY_TO_BE_CALLED,
    });
  });

  it('when a number is verified by code, then the call chain is told to plan at once and the schedule fills', async () => {
    const a = await signupPhone(h);
    await h
      .db('preferences')
      .where({ user_id: a.user.id })
      .update({ ...LONDON_PREFS, allow_calls: true });
    expect((await h.api('GET', '/api/salah-schedules/fajr-schedules', { token: a.token })).body.status).toBe(
      'phone-unverified',
    );
    expect((await h.api('POST', '/api/users/send-verification', { token: a.token })).status).toBe(200);
    const { code } = await nextCode(h, a.phoneNumber);
    expect((await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code } })).status).toBe(200);
    const schedule = await h.api('GET', '/api/salah-schedules/fajr-schedules', { token: a.token });
    expect(schedule.body.status).toBe('ready');
    expect(schedule.body.result.length).toBeGreaterThan(0);
    const history = await h.temporal.workflow.getHandle(fajrCallsWorkflowId(a.user.id)).fetchHistory();
    const signals = (history.events ?? []).filter(
      (e) => e.workflowExecutionSignaledEventAttributes?.signalName === prefsChangedSignal.name,
    );
    expect(signals.length).toBeGreaterThanOrEqual(1);
  });
});

describe('daily caps per user and per number', () => {
  it('when a user had their test calls for the day, then 429 says when to try again', async () => {
    const u = await h.user({ plan: 'BASIC', phoneNumber: freshPhone() });
    const phone = (await h.db('users').where({ id: u.id }).first()).phone_number;
    await sent(
      'test-call',
      Array.from({ length: DAILY_CAPS['test-call'].perUser }, (_, i) => 20 - i),
      { userId: u.id, phoneNumber: phone },
    );
    const r = await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token });
    expect(r).toMatchObject({
      status: 429,
      body: {
        error: "You have reached today's limit of test calls for this phone number, please try again in 4 hours",
      },
    });
  });

  it('when the number had its test calls under an account since deleted, then a new account with it is held too', async () => {
    const phoneNumber = freshPhone();
    await sent(
      'test-call',
      Array.from({ length: DAILY_CAPS['test-call'].perNumber }, () => 1),
      { userId: null, phoneNumber },
    );
    const u = await h.user({ plan: 'BASIC', phoneNumber });
    expect((await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token })).body.error).toMatch(
      /try again in 23 hours/,
    );
  });

  it('when the first test call is asked for, then it is counted, and a second while it is pending is not', async () => {
    const u = await h.user({ plan: 'BASIC', phoneNumber: freshPhone() });
    expect((await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token })).status).toBe(200);
    expect((await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token })).status).toBe(409);
    expect(await h.db('phone_sends').where({ user_id: u.id, channel: 'test-call' })).toHaveLength(1);
  });

  it('when a number had its texts for the day, then no verification code is sent and 429 says when', async () => {
    const phoneNumber = freshPhone();
    await sent(
      'sms',
      Array.from({ length: DAILY_CAPS.sms.perNumber }, () => 2),
      { userId: null, phoneNumber },
    );
    const u = await h.user({ phoneNumber, phoneVerified: false });
    const r = await h.api('POST', '/api/users/send-verification', { token: u.token });
    expect(r).toMatchObject({
      status: 429,
      body: {
        error: "You have reached today's limit of text messages for this phone number, please try again in 22 hours",
      },
    });
    expect(await h.db('local_outbox').where({ recipient: phoneNumber })).toHaveLength(0);
  });
});
