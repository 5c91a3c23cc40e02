import { lastOutboxId, useApi } from '@fajr/scripts/testing/api';

jest.setTimeout(60_000);

// Issue 45, point 0: the countries where the users' languages are spoken can sign up, and where texts
// are unreliable or pumped the code is read out by a call.
const h = useApi({ worker: 'accounts' });

async function signup(phoneNumber: string, country?: string) {
  return h.api('POST', '/api/users/signup?source=web', { body: { phoneNumber, password: 'correct horse battery', country } });
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
  ])('when someone in %s signs up with a national number, then the account is made', async (_name, national, country, e164) => {
    const r = await signup(national, country);
    expect(r.status).toBe(200);
    expect(r.body.result.user.phoneNumber).toBe(e164);
  });

  it('when the country is not served, then 400 names it in words, never by its code', async () => {
    const r = await signup('+86 138 1234 5678');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('We do not call or text numbers in China yet, please use a number from a country we serve');
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
    expect(await h.api('POST', '/api/users/verify-phone-code', { token, body: { code } })).toMatchObject({ status: 200 });
    expect(await h.db('phone_sends').where({ channel: 'voice-code' })).toHaveLength(1);
  });

  it('when a number in Indonesia asks for its code, then it is texted as before', async () => {
    const phoneNumber = '+6281234567891';
    const { token } = (await signup(phoneNumber)).body.result;
    expect(await h.api('POST', '/api/users/send-verification', { token })).toMatchObject({ status: 200 });
    for (let i = 0; i < 200 && (await lastOutboxId(h, phoneNumber)) === 0; i++) await new Promise((res) => setTimeout(res, 50));
    expect(await lastOutboxId(h, phoneNumber)).toBeGreaterThan(0);
    expect(await h.db('local_phone_calls').where({ to_number: phoneNumber })).toHaveLength(0);
  });
});
