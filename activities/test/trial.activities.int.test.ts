import { useTestDeps } from '@fajr/scripts/testing/fixtures';
import { createUser } from '../src/repositories/users.repository';
import { createTrialActivities } from '../src/trial/trial.activities';

const DAY = 24 * 3600_000;

describe('trial activities (real Postgres, local outbox)', () => {
  const t = useTestDeps();

  let n = 0;
  // Phone users' numbers are verified unless told otherwise: only proved numbers get texts.
  const newUser = async (opts: {
    email?: boolean;
    trialDays?: number | null;
    isAppUser?: boolean;
    unverified?: boolean;
  }) => {
    const user = await createUser(t.db.knex, {
      username: opts.email
        ? { kind: 'email', email: `trial-${++n}@example.com` }
        : { kind: 'phone', phoneNumber: `+4474003${String(++n).padStart(5, '0')}`, countryCode: 'GB' },
      passwordHash: 'x',
      isAppUser: opts.isAppUser ?? false,
      trialEndsAt:
        opts.trialDays === null || opts.trialDays === undefined ? null : new Date(Date.now() + opts.trialDays * DAY),
      now: new Date(),
    });
    if (opts.email || opts.unverified) return user;
    const [verified] = await t.db
      .knex('users')
      .where({ id: user.id })
      .update({ phone_verified_at: new Date() })
      .returning('*');
    return verified as typeof user;
  };
  const outbox = (recipient: string | null) => t.db.knex('local_outbox').where({ recipient }).orderBy('id');

  it('when a web user is in the trial, then its end is reported; app users, planholders and the deleted have none', async () => {
    const acts = createTrialActivities(t.deps);
    const web = await newUser({ trialDays: 14 });
    expect(Date.parse((await acts.getTrialEnd({ userId: web.id })).trialEndsAt!)).toBe(web.trial_ends_at!.getTime());
    const app = await newUser({ isAppUser: true });
    expect(await acts.getTrialEnd({ userId: app.id })).toEqual({ trialEndsAt: null });
    const paid = await newUser({ trialDays: 14 });
    await t.db.knex('users').where({ id: paid.id }).update({ plan: 'BASIC' });
    expect(await acts.getTrialEnd({ userId: paid.id })).toEqual({ trialEndsAt: null });
    expect(await acts.getTrialEnd({ userId: '00000000-0000-4000-8000-000000000000' })).toEqual({ trialEndsAt: null });
  });

  it('when reminders are due, then phone users get an SMS and e-mail users an e-mail with the days left', async () => {
    const acts = createTrialActivities(t.deps);
    const phone = await newUser({ trialDays: 3 });
    expect(await acts.sendTrialReminder({ userId: phone.id })).toEqual({ sent: true });
    expect((await outbox(phone.phone_number))[0].body).toContain('ends in 3 days');
    const mail = await newUser({ email: true, trialDays: 0.9 });
    await acts.sendTrialReminder({ userId: mail.id });
    expect((await outbox(mail.email))[0]).toMatchObject({
      channel: 'email',
      subject: 'Your Fajr free trial ends soon',
    });
    expect((await outbox(mail.email))[0].body).toContain('ends tomorrow');
  });

  it('when the user has a plan, then no reminder or end message goes out', async () => {
    const acts = createTrialActivities(t.deps);
    const paid = await newUser({ trialDays: 1 });
    await t.db.knex('users').where({ id: paid.id }).update({ plan: 'PLUS' });
    expect(await acts.sendTrialReminder({ userId: paid.id })).toEqual({ sent: false });
    expect(await acts.sendTrialEnded({ userId: paid.id })).toEqual({ sent: false });
    expect(await outbox(paid.phone_number)).toHaveLength(0);
  });

  it('when the trial has ended, then the user is told calls have stopped', async () => {
    const acts = createTrialActivities(t.deps);
    const user = await newUser({ trialDays: -0.01 });
    expect(await acts.sendTrialReminder({ userId: user.id })).toEqual({ sent: false });
    expect(await acts.sendTrialEnded({ userId: user.id })).toEqual({ sent: true });
    expect((await outbox(user.phone_number))[0].body).toContain('free trial has ended');
  });

  it('when the number was never verified, then no text goes to it (nothing at all without an e-mail address)', async () => {
    const acts = createTrialActivities(t.deps);
    const user = await newUser({ trialDays: 3, unverified: true });
    expect(await acts.sendTrialReminder({ userId: user.id })).toEqual({ sent: false });
    expect(await outbox(user.phone_number)).toHaveLength(0);
  });
});
