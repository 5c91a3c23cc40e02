import { lastOutboxId, useApi } from '@fajr/scripts/testing/api';

jest.setTimeout(60_000);

// Issue 45, point 0: the countries where the users' languages are spoken can sign up, and where texts
// are unreliable or pumped the code is read out by a call.
const h = useApi({ worker: 'accounts' });

async function signup(phoneNumber: string, country?: string) {
  return h.api('POST', '/api/users/signup?source=web', {
    body: { phoneNumber, password: 'correct horse battery', country },
  });
}

/** The TwiML of the newest local call to a number, once it is there. */
async function callTwiml(to: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const row = await h.db('local_phone_calls').where({ to_number: to }).orderBy('created_at', 'desc').first();
    if (row?.params?.twiml) return row.params.twiml as string;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`no call to ${to} within 10 s`);
}

describe('signing up in the countries of the languages', () => {
  it.each([
    ['Indonesia', '0812 3456 7890', 'ID', '+6281234567890'],
    ['Pakistan', '0300 1234567', 'PK', '+923001234567'],
    ['Bangladesh', '01712 345678', 'BD', '+8801712345678'],
  ])(
    'when someone in %s signs up with a national number, then the account is made',
    async (_name, national, country, e164) => {
      const r = await signup(national, country);
      expect(r.status).toBe(200);
      expect(r.body.result.user.phoneNumber).toBe(e164);
    },
  );

  it('when the country is not served, then 400 names it in words, never by its code', async () => {
    const r = await signup('+86 138 1234 5678');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(
      'We do not call or text numbers in China yet, please use a number from a country we serve',
    );
  });
});

describe('the code by a call where texts are unreliable', () => {
  it('when a number in Pakistan asks for its code, then a call reads it out twice, no text is sent, and the code verifies', async () => {
    const phoneNumber = '+923001234568';
    const { token } = (await signup(phoneNumber)).body.result;
    expect(await h.api('POST', '/api/users/send-verification', { token })).toMatchObject({ status: 200 });
    const twiml = await callTwiml(phoneNumber);
    const digits = /code is: ((?:\d, ){5}\d)\./.exec(twiml)?.[1];
    expect(digits).toBeDefined();
    expect(twiml.split(digits!)).toHaveLength(3);
    expect(await lastOutboxId(h, phoneNumber)).toBe(0);
    const code = digits!.replace(/, /g, '');
    expect(await h.api('POST', '/api/users/verify-phone-code', { token, body: { code } })).toMatchObject({
      status: 200,
    });
    expect(await h.db('phone_sends').where({ channel: 'voice-code' })).toHaveLength(1);
  });

  it('when a number in Indonesia asks for its code, then it is texted as before', async () => {
    const phoneNumber = '+6281234567891';
    const { token } = (await signup(phoneNumber)).body.result;
    expect(await h.api('POST', '/api/users/send-verification', { token })).toMatchObject({ status: 200 });
    for (let i = 0; i < 200 && (await lastOutboxId(h, phoneNumber)) === 0; i++)
      await new Promise((res) => setTimeout(res, 50));
    expect(await lastOutboxId(h, phoneNumber)).toBeGreaterThan(0);
    expect(await h.db('local_phone_calls').where({ to_number: phoneNumber })).toHaveLength(0);
  });
});

describe('the monthly budget and the country caps', () => {
  const HOUR_MS = 3600_000;
  /** Ledger rows as if sent an hour ago. */
  async function spent(rows: { userId?: string | null; country: string; channel: string; usd: number; n?: number }) {
    const row = {
      user_id: rows.userId ?? null,
      country: rows.country,
      channel: rows.channel,
      number_key: 'k',
      cost_usd: rows.usd,
      sent_at: new Date(Date.now() - HOUR_MS),
    };
    await h.db('phone_spend').insert(Array.from({ length: rows.n ?? 1 }, () => row));
  }

  it("when an account's month cost more than its budget, then a test call is refused saying so, and under it one goes", async () => {
    const under = await h.user({ plan: 'BASIC', phoneNumber: '+6281234567800' });
    await spent({ userId: under.id, country: 'ID', channel: 'sms', usd: h.config.PHONE_MONTHLY_BUDGET_USD - 1 });
    expect(await h.api('POST', '/api/salah-schedules/calls/test', { token: under.token })).toMatchObject({
      status: 200,
    });
    expect(await h.db('phone_spend').where({ user_id: under.id, channel: 'test-call' })).toHaveLength(1);

    const over = await h.user({ plan: 'BASIC', phoneNumber: '+6281234567801' });
    await spent({ userId: over.id, country: 'ID', channel: 'sms', usd: h.config.PHONE_MONTHLY_BUDGET_USD + 1 });
    const r = await h.api('POST', '/api/salah-schedules/calls/test', { token: over.token });
    expect(r).toMatchObject({
      status: 429,
      body: { error: "Your account has reached this month's limit of test calls; your wake-up calls carry on" },
    });
    expect(await h.db('phone_spend').where({ user_id: over.id, channel: 'test-call' })).toHaveLength(0);
  });

  it("when the inviter's month cost more than its budget, then an invitation is refused, and under it one goes and is priced", async () => {
    const invite = (token: string, phoneNumber: string) =>
      h.api('POST', '/api/users/friends', { token, body: { firstName: 'Yusuf', phoneNumber, inviterName: 'Amina' } });
    const under = await h.user({ plan: 'PREMIUM', phoneNumber: '+6281234567803' });
    expect(await invite(under.token, '+6281234567804')).toMatchObject({ status: 200 });
    expect(await h.db('phone_spend').where({ user_id: under.id, channel: 'invite', country: 'ID' })).toHaveLength(1);
    const over = await h.user({ plan: 'PREMIUM', phoneNumber: '+6281234567805' });
    await spent({ userId: over.id, country: 'ID', channel: 'sms', usd: h.config.PHONE_MONTHLY_BUDGET_USD + 1 });
    expect(await invite(over.token, '+6281234567806')).toMatchObject({
      status: 429,
      body: { error: "Your account has reached this month's limit of text messages; your wake-up calls carry on" },
    });
  });

  it('when wake-up calls took the month over budget, then they count in whole minutes at the country price', async () => {
    const { monthSpend } = await import('@fajr/activities/repositories/phone-spend.repository');
    const { phoneCosts, callPrice } = await import('@fajr/activities/domain/phone-costs');
    const u = await h.user({ plan: 'BASIC', phoneNumber: '+6281234567802' });
    const placed = new Date();
    await h.db('call_attempts').insert({
      attempt_key: `t:${u.id}#1`,
      user_id: u.id,
      kind: 'fajr',
      call_date: placed.toISOString().slice(0, 10),
      workflow_id: 'w',
      attempt: 1,
      planned_at: placed,
      placed_at: placed,
      duration_seconds: 125,
      outcome: 'answered',
      provider: 'local',
    });
    const table = phoneCosts();
    expect((await monthSpend(h.db, table, new Date(), u.id)).get(u.id)).toBeCloseTo(callPrice(table, 'ID', 180));
  });

  it("when the country's daily cap of calls is reached, then a test call there is refused naming the country", async () => {
    const u = await h.user({ plan: 'BASIC', phoneNumber: '+2348031234500' });
    const { capsFor, phoneCosts } = await import('@fajr/activities/domain/phone-costs');
    await spent({ country: 'NG', channel: 'voice-code', usd: 0.01, n: capsFor(phoneCosts(), 'NG').callsPerCountry });
    const r = await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token });
    expect(r).toMatchObject({
      status: 429,
      body: { error: 'We have sent all the test calls we can to Nigeria today, please try again later' },
    });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(22 * 3600);
  });

  it("when the country's daily cap of texts is reached, then an invitation there is refused naming the country", async () => {
    const u = await h.user({ plan: 'PREMIUM', phoneNumber: '+6281234567807' });
    const { capsFor, phoneCosts } = await import('@fajr/activities/domain/phone-costs');
    await spent({ country: 'ID', channel: 'sms', usd: 0.01, n: capsFor(phoneCosts(), 'ID').textsPerCountry });
    const r = await h.api('POST', '/api/users/friends', {
      token: u.token,
      body: { firstName: 'Yusuf', phoneNumber: '+6281234567808', inviterName: 'Amina' },
    });
    expect(r).toMatchObject({
      status: 429,
      body: { error: 'We have sent all the text messages we can to Indonesia today, please try again later' },
    });
  });

  it('when an account over budget asks for its code again, then the first goes and the resend waits', async () => {
    const phoneNumber = '+923001234569';
    const { token, user } = (await signup(phoneNumber)).body.result;
    await spent({ userId: user.id, country: 'PK', channel: 'sms', usd: h.config.PHONE_MONTHLY_BUDGET_USD + 1 });
    await h
      .db('phone_spend')
      .where({ user_id: user.id })
      .update({ sent_at: new Date(Date.now() - 2 * 24 * HOUR_MS) });
    expect(await h.api('POST', '/api/users/send-verification', { token })).toMatchObject({ status: 200 });
    await callTwiml(phoneNumber);
    // Past the one-minute resend cooldown:
    await h.db('one_time_codes').where({ subject: user.id }).del();
    expect(await h.api('POST', '/api/users/send-verification', { token })).toMatchObject({ status: 429 });
    expect(await h.db('local_phone_calls').where({ to_number: phoneNumber })).toHaveLength(1);
  });
});

describe('which countries are served, before anyone types', () => {
  it('when the sign-up form asks, then the served countries and those whose codes come by a call are listed, no sign-in needed', async () => {
    const r = await h.api('GET', '/api/data/phone-countries');
    expect(r.status).toBe(200);
    expect(r.body.result.countries).toEqual(
      expect.arrayContaining([
        'GB',
        'ID',
        'PK',
        'BD',
        'IN',
        'TR',
        'EG',
        'MA',
        'DZ',
        'TN',
        'JO',
        'NG',
        'BN',
        'SA',
        'AE',
        'QA',
        'KW',
        'BH',
        'OM',
      ]),
    );
    expect(r.body.result.countries).not.toContain('CN');
    expect(r.body.result.codeByCall).toEqual(['NG', 'PK', 'BD']);
  });
});
