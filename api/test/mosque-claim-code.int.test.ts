import { postAsTwilio } from '@fajr/scripts/testing/twilio';
import { nextCode, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { oneTimeCodeWorkflowId } from '@fajr/workflows';
import { CLAIM_CODES_PER_PHONE_PER_DAY } from '@fajr/activities/repositories/mosque-claim-codes.repository';
import {
  CLAIM_CODE_SENT,
  CLAIMED_BY_CODE,
  MOSQUE_PHONE_OPTED_OUT,
  MOSQUE_PHONE_TODAY,
  NO_MOSQUE_PHONE,
} from '../src/services/mosque-claim-code.service';
import { WRONG_CODE } from '../src/services/codes.service';

// Issue 46 point 1: a claim proved by a code sent to the mosque's listed phone.

jest.setTimeout(90_000);

const h = useApi({ worker: 'accounts' });
const base = '/api/mosque-admin/mosques';
let n = 0;
const register = async (token: string, contactPhone: string | null) => {
  n += 1;
  const res = await h.api('POST', base, {
    token,
    body: {
      name: `Masjid Claim ${n} ${Date.now()}`,
      address: '2 Code Street',
      cityName: 'Bradford',
      countryCode: 'GB',
      lat: 53.795,
      lng: -1.759,
      contactPhone,
    },
  });
  expect(res.status).toBe(200);
  return res.body.result.id as string;
};

describe("a claim proved by a code to the mosque's listed phone", () => {
  it('when a claimant asks for a code and enters it, then they are an admin, the phone was only shown masked, and the audit log says so without the code', async () => {
    const phone = freshPhone();
    const owner = await h.user();
    const id = await register(owner.token, phone);
    const claimant = await h.user();
    const target = await h.api('GET', `${base}/${id}/claim-code`, { token: claimant.token });
    expect(target.body).toEqual({ result: { phone: `${'•'.repeat(phone.length - 3)}${phone.slice(-3)}` } });
    const sent = await h.api('POST', `${base}/${id}/claim-code`, { token: claimant.token });
    expect(sent.body).toMatchObject({ message: CLAIM_CODE_SENT, sentTo: target.body.result.phone });
    const { code, body } = await nextCode(h, phone);
    expect(body).toContain('Masjid Claim');
    // Not an admin before the code is entered.
    expect((await h.api('GET', `${base}/${id}`, { token: claimant.token })).status).toBe(403);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await h.api('POST', `${base}/${id}/claim-code/verify`, {
      token: claimant.token,
      body: { code: wrong },
    });
    expect([bad.status, bad.body.error]).toEqual([400, WRONG_CODE]);
    // Another account cannot use the claimant's code: it is bound to the claimant and the mosque.
    const other = await h.user();
    const stolen = await h.api('POST', `${base}/${id}/claim-code/verify`, { token: other.token, body: { code } });
    expect(stolen.status).toBe(400);
    const ok = await h.api('POST', `${base}/${id}/claim-code/verify`, { token: claimant.token, body: { code } });
    expect(ok.body).toMatchObject({ message: CLAIMED_BY_CODE });
    expect((await h.api('GET', `${base}/${id}`, { token: claimant.token })).status).toBe(200);
    const audit = await h.api('GET', `${base}/${id}/audit`, { token: claimant.token });
    expect(audit.body.result.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['claim-code-sent', 'claimed-by-code']),
    );
    const everything =
      JSON.stringify(audit.body) + JSON.stringify(await h.db('mosque_audit_log').where({ mosque_id: id }));
    expect(everything).not.toContain(code);
    expect(everything).not.toContain(phone);
    // Neither the code nor the mosque's number is in the code workflow's history.
    const history = await h.temporal.workflow
      .getHandle(oneTimeCodeWorkflowId('claim-mosque', `${claimant.id}:${id}`))
      .fetchHistory();
    const text = JSON.stringify(history, (_k, v: unknown) =>
      v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : typeof v === 'bigint' ? String(v) : v,
    );
    expect(text).not.toContain(code);
    expect(text).not.toContain(phone.slice(1));
  });

  it(`when strangers ask for codes to one mosque's phone, then at most ${CLAIM_CODES_PER_PHONE_PER_DAY} a day go out`, async () => {
    const phone = freshPhone();
    const id = await register((await h.user()).token, phone);
    for (let i = 0; i < CLAIM_CODES_PER_PHONE_PER_DAY; i++) {
      const res = await h.api('POST', `${base}/${id}/claim-code`, { token: (await h.user()).token });
      expect(res.status).toBe(200);
    }
    const refused = await h.api('POST', `${base}/${id}/claim-code`, { token: (await h.user()).token });
    expect([refused.status, refused.body.error]).toEqual([429, MOSQUE_PHONE_TODAY]);
    expect(await h.db('local_outbox').where({ recipient: phone })).toHaveLength(CLAIM_CODES_PER_PHONE_PER_DAY);
  });

  it('when the mosque lists no phone, then no code is offered and asking for one is a 400', async () => {
    const id = await register((await h.user()).token, null);
    const token = (await h.user()).token;
    expect((await h.api('GET', `${base}/${id}/claim-code`, { token })).body).toEqual({ result: { phone: null } });
    const res = await h.api('POST', `${base}/${id}/claim-code`, { token });
    expect([res.status, res.body.error]).toEqual([400, NO_MOSQUE_PHONE]);
  });

  it("when the mosque's phone has replied STOP to our texts, then no code is offered or sent and the claimant is told to ask an operator; after START it is", async () => {
    const phone = freshPhone();
    const id = await register((await h.user()).token, phone);
    const reply = async (Body: string) => {
      const url = `${h.base}/api/webhooks/twilio/sms`;
      const params = { MessageSid: `SM${'ab'.repeat(16)}`, From: phone, To: '+15005550006', Body };
      const res = await postAsTwilio(h, url, params);
      expect(res.status).toBe(200);
    };
    await reply('STOP');
    const token = (await h.user()).token;
    expect((await h.api('GET', `${base}/${id}/claim-code`, { token })).body).toEqual({ result: { phone: null } });
    const refused = await h.api('POST', `${base}/${id}/claim-code`, { token });
    expect([refused.status, refused.body.error]).toEqual([400, MOSQUE_PHONE_OPTED_OUT]);
    expect(refused.body.error).toMatch(/ask an operator to approve your claim/);
    // In the claimant's language too.
    const urdu = await h.user();
    await h.db('users').where({ id: urdu.id }).update({ language: 'ur' });
    const inUrdu = await h.api('POST', `${base}/${id}/claim-code`, { token: urdu.token });
    expect([inUrdu.status, inUrdu.body.error]).toEqual([400, expect.stringContaining('آپریٹر')]);
    expect(await h.db('local_outbox').where({ recipient: phone })).toHaveLength(0);
    expect(
      await h.db('one_time_codes').where({ purpose: 'claim-mosque' }).where('subject', 'like', `%:${id}`),
    ).toHaveLength(0);
    await reply('START');
    expect((await h.api('POST', `${base}/${id}/claim-code`, { token })).status).toBe(200);
  });
});
