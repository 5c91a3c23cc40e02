import { useTestDeps } from '@fajr/scripts/testing/fixtures';
import { createCodeActivities } from '../src/codes/codes.activities';
import { destinationKey } from '../src/repositories/codes.repository';
import { recordOptOut } from '../src/repositories/invite-opt-outs.repository';
import {
  CLAIM_CODES_PER_PHONE_PER_DAY,
  claimCodeSubject,
  storeClaimCode,
} from '../src/repositories/mosque-claim-codes.repository';
import { createUser } from '../src/repositories/users.repository';

// Issue 46 point 1: codes to a mosque's listed phone, which is nobody's account.
describe("claim codes to a mosque's phone (real Postgres, local outbox)", () => {
  const t = useTestDeps();

  let n = 0;
  const claimant = () =>
    createUser(t.db.knex, {
      username: { kind: 'email', email: `claimant-${++n}@example.com` },
      passwordHash: 'x',
      isAppUser: false,
      trialEndsAt: null,
      now: new Date(),
    });
  const mosqueWithPhone = async (phone: string) => {
    const [m] = await t.db
      .knex('mosques')
      .insert({
        name: `Masjid ${++n}`,
        address: '1 Road',
        country_code: 'GB',
        city_name: 'Leeds',
        lat: 53.8,
        lng: -1.55,
        tz_name: 'Europe/London',
        contact_phone: phone,
      })
      .returning('id');
    return m.id as string;
  };

  it('when the phone replied STOP, then no code is issued or sent, even if the API let the request through', async () => {
    const phone = '+447911300001';
    const mosqueId = await mosqueWithPhone(phone);
    await recordOptOut(t.db.knex, t.deps.config.OTP_SECRET, phone, 'sms', new Date());
    const user = await claimant();
    const result = await createCodeActivities(t.deps).issueOneTimeCode({
      purpose: 'claim-mosque',
      subject: claimCodeSubject(user.id, mosqueId),
      channel: 'sms',
    });
    expect(result).toEqual({ issued: false, expiresAt: null, retryAfterSeconds: 0 });
    expect(await t.db.knex('local_outbox').where({ recipient: phone })).toHaveLength(0);
    expect(await t.db.knex('one_time_codes').where({ purpose: 'claim-mosque' })).toHaveLength(0);
  });

  it(`when ${CLAIM_CODES_PER_PHONE_PER_DAY * 3} claimants' codes are stored at once, then exactly ${CLAIM_CODES_PER_PHONE_PER_DAY} are kept and the rest are told to wait a day`, async () => {
    const phone = '+447911300002';
    const mosqueId = await mosqueWithPhone(phone);
    const users = await Promise.all(Array.from({ length: CLAIM_CODES_PER_PHONE_PER_DAY * 3 }, claimant));
    const now = new Date();
    const results = await Promise.all(
      users.map((u) =>
        storeClaimCode(t.db.knex, {
          purpose: 'claim-mosque',
          subject: claimCodeSubject(u.id, mosqueId),
          codeHash: `hash-${u.id}`,
          destinationKey: destinationKey(t.deps.config.OTP_SECRET, phone),
          now,
        }),
      ),
    );
    const stored = results.filter((r) => r && 'id' in r);
    const held = results.filter((r) => r && 'retryAfterSeconds' in r) as { retryAfterSeconds: number }[];
    expect(stored).toHaveLength(CLAIM_CODES_PER_PHONE_PER_DAY);
    expect(held).toHaveLength(users.length - CLAIM_CODES_PER_PHONE_PER_DAY);
    for (const h of held) expect(h.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(
      await t.db
        .knex('one_time_codes')
        .where({ purpose: 'claim-mosque', destination_key: destinationKey(t.deps.config.OTP_SECRET, phone) }),
    ).toHaveLength(CLAIM_CODES_PER_PHONE_PER_DAY);
  });
});
