import { useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { CLAIM_CODES_PER_PHONE_PER_DAY } from '@fajr/activities/repositories/mosque-claim-codes.repository';
import { destinationKey } from '@fajr/activities/repositories/codes.repository';
import { MOSQUE_PHONE_TODAY } from '../src/services/mosque-claim-code.service';

// Issue 46 point 1: the mosque's phone gets at most CLAIM_CODES_PER_PHONE_PER_DAY codes a day, whoever
// asks and however many ask at once (the count and the code's row are one step under a lock).

jest.setTimeout(90_000);

const h = useApi({ worker: 'accounts' });
const base = '/api/mosque-admin/mosques';

describe("claim codes to one mosque's phone, asked for at the same moment", () => {
  it(`when ${CLAIM_CODES_PER_PHONE_PER_DAY * 2} strangers ask at once, then exactly ${CLAIM_CODES_PER_PHONE_PER_DAY} codes go out and the rest are told the phone has had its codes today`, async () => {
    const phone = freshPhone();
    const owner = await h.user();
    const registered = await h.api('POST', base, {
      token: owner.token,
      body: {
        name: `Masjid Race ${Date.now()}`,
        address: '3 Race Street',
        cityName: 'Leeds',
        countryCode: 'GB',
        lat: 53.8,
        lng: -1.55,
        contactPhone: phone,
      },
    });
    expect(registered.status).toBe(200);
    const id = registered.body.result.id as string;
    const claimants = await Promise.all(Array.from({ length: CLAIM_CODES_PER_PHONE_PER_DAY * 2 }, () => h.user()));

    const answers = await Promise.all(
      claimants.map((c) => h.api('POST', `${base}/${id}/claim-code`, { token: c.token })),
    );

    const sent = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(sent).toHaveLength(CLAIM_CODES_PER_PHONE_PER_DAY);
    expect(refused.map((a) => [a.status, a.body.error])).toEqual(refused.map(() => [429, MOSQUE_PHONE_TODAY]));
    expect(await h.db('local_outbox').where({ recipient: phone })).toHaveLength(CLAIM_CODES_PER_PHONE_PER_DAY);
    const codes = await h
      .db('one_time_codes')
      .where({ purpose: 'claim-mosque', destination_key: destinationKey(h.config.OTP_SECRET, phone) });
    expect(codes).toHaveLength(CLAIM_CODES_PER_PHONE_PER_DAY);
  });
});
