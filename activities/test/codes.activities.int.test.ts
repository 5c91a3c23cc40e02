import { useTestDeps } from '@fajr/scripts/testing/fixtures';
import type { Deps } from '../src/index';
import { hashCode } from '../src/repositories/codes.repository';
import { createUser } from '../src/repositories/users.repository';
import { createCodeActivities } from '../src/codes/codes.activities';
import { DAILY_CAPS } from '../src/domain/phone-policy';
import { numberKey } from '../src/repositories/phone-sends.repository';
import { productRegistry } from '../src/metrics';

describe('one-time code activities (real Postgres, local outbox)', () => {
  const t = useTestDeps();

  let n = 0;
  const newUser = (kind: 'phone' | 'email') =>
    createUser(t.db.knex, {
      username:
        kind === 'phone'
          ? { kind, phoneNumber: `+4479112${String(++n).padStart(5, '0')}`, countryCode: 'GB' }
          : { kind, email: `codes-${++n}@example.com` },
      passwordHash: 'x',
      isAppUser: false,
      trialEndsAt: null,
      now: new Date(),
    });

  it('when a code is issued, then the SMS carries six digits and the database keeps only their HMAC', async () => {
    const user = await newUser('phone');
    const result = await createCodeActivities(t.deps).issueOneTimeCode({
      purpose: 'verify-phone',
      subject: user.id,
      channel: 'sms',
    });
    expect(result.issued).toBe(true);
    expect(Date.parse(result.expiresAt!) - Date.now()).toBeGreaterThan(9.9 * 60_000);
    expect(JSON.stringify(result)).not.toMatch(/\b\d{6}\b/);
    const sms = await t.db.knex('local_outbox').where({ recipient: user.phone_number }).first();
    const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
    const row = await t.db.knex('one_time_codes').where({ subject: user.id }).first();
    expect(row.code_hash).toBe(hashCode(t.deps.config.OTP_SECRET, 'verify-phone', user.id, user.phone_number!, code));
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('when another code is asked for within a minute, then none is issued and the wait is told', async () => {
    const user = await newUser('phone');
    const acts = createCodeActivities(t.deps);
    await acts.issueOneTimeCode({ purpose: 'verify-phone', subject: user.id, channel: 'sms' });
    const again = await acts.issueOneTimeCode({ purpose: 'verify-phone', subject: user.id, channel: 'sms' });
    expect(again).toMatchObject({ issued: false, expiresAt: null });
    expect(again.retryAfterSeconds).toBeGreaterThan(50);
    expect(await t.db.knex('local_outbox').where({ recipient: user.phone_number })).toHaveLength(1);
  });

  it('when the number had its texts for the day (reset codes included), then no code is sent and the wait is told', async () => {
    const user = await newUser('phone');
    const key = numberKey(t.deps.config.OTP_SECRET, user.phone_number!);
    const hourAgo = new Date(Date.now() - 3600_000);
    await t.db.knex('phone_sends').insert(
      Array.from({ length: DAILY_CAPS.sms.perNumber }, () => ({
        channel: 'sms',
        user_id: null,
        number_key: key,
        sent_at: hourAgo,
      })),
    );
    const r = await createCodeActivities(t.deps).issueOneTimeCode({
      purpose: 'reset-password',
      subject: user.id,
      channel: 'sms',
    });
    expect(r).toMatchObject({ issued: false, expiresAt: null });
    expect(r.retryAfterSeconds).toBeGreaterThan(22 * 3600);
    expect(await t.db.knex('local_outbox').where({ recipient: user.phone_number })).toHaveLength(0);
    expect(await t.db.knex('one_time_codes').where({ subject: user.id })).toHaveLength(0);
  });

  it('when a code is texted, then it counts against the daily cap of the user and the number', async () => {
    const user = await newUser('phone');
    await createCodeActivities(t.deps).issueOneTimeCode({ purpose: 'verify-phone', subject: user.id, channel: 'sms' });
    expect(
      await t.db.knex('phone_sends').where({
        user_id: user.id,
        channel: 'sms',
        number_key: numberKey(t.deps.config.OTP_SECRET, user.phone_number!),
      }),
    ).toHaveLength(1);
  });

  it('when an e-mail user resets, then the code goes by e-mail; with no address for the channel nothing is issued', async () => {
    const user = await newUser('email');
    const acts = createCodeActivities(t.deps);
    expect(
      (await acts.issueOneTimeCode({ purpose: 'reset-password', subject: user.id, channel: 'email' })).issued,
    ).toBe(true);
    const mail = await t.db.knex('local_outbox').where({ recipient: user.email }).first();
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your Fajr password reset code' });
    expect(await acts.issueOneTimeCode({ purpose: 'verify-phone', subject: user.id, channel: 'sms' })).toEqual({
      issued: false,
      expiresAt: null,
      retryAfterSeconds: 0,
    });
  });

  it("when delivery fails, then the stored code and the day's text are given back so a retry is not held back, and fajr_one_time_codes_failed_total counts it", async () => {
    const user = await newUser('phone');
    const failedCount = async () =>
      (await productRegistry.getSingleMetric('fajr_one_time_codes_failed_total')!.get()).values.find(
        (v) => v.labels.channel === 'sms' && v.labels.purpose === 'verify-phone',
      )?.value ?? 0;
    const before = await failedCount();
    const failing: Deps = {
      ...t.deps,
      providers: {
        ...t.deps.providers,
        messaging: { provider: 'local', sendSms: async () => Promise.reject(new Error('provider down')) },
      },
    };
    await expect(
      createCodeActivities(failing).issueOneTimeCode({ purpose: 'verify-phone', subject: user.id, channel: 'sms' }),
    ).rejects.toThrow('provider down');
    expect(await t.db.knex('one_time_codes').where({ subject: user.id })).toHaveLength(0);
    expect(
      await t.db.knex('phone_sends').where({ number_key: numberKey(t.deps.config.OTP_SECRET, user.phone_number!) }),
    ).toHaveLength(0);
    expect(await failedCount()).toBe(before + 1);
    expect(
      (
        await createCodeActivities(t.deps).issueOneTimeCode({
          purpose: 'verify-phone',
          subject: user.id,
          channel: 'sms',
        })
      ).issued,
    ).toBe(true);
  });
});
