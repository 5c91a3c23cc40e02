import { insertUser, useTestDeps } from '@fajr/scripts/testing/fixtures';
import { addDays, localDateOf } from '../src/domain/time/zone-clock';
import { createMosqueFreshnessActivities } from '../src/mosques/mosque-freshness.activities';
import { recordOptOut } from '../src/repositories/invite-opt-outs.repository';
import { saveCalendarDays, saveMosqueRule } from '../src/repositories/jamaah-rules.repository';
import { staleMosques } from '../src/repositories/mosque-freshness.repository';

// Issue 46 point 3: admins reminded 14 days before their mosque's own times run out, once per date.

describe('mosque run-out reminders (real Postgres, local outbox)', () => {
  const t = useTestDeps();
  const today = () => localDateOf(new Date(), 'Europe/London');

  const mosqueWithDays = async (name: string, days: number) => {
    const db = t.db.knex;
    const [m] = await db('mosques')
      .insert({
        name,
        address: '1 Fresh Street',
        city_name: 'London',
        country_code: 'GB',
        lat: 51.5,
        lng: -0.12,
        tz_name: 'Europe/London',
        is_active: true,
      })
      .returning('id');
    await saveMosqueRule(db, m.id, { from: today(), ramadan: false, rule: { kind: 'calendar' } }, new Date());
    await addDaysOf(m.id, 0, days);
    return m.id as string;
  };
  const addDaysOf = (mosqueId: string, from: number, to: number) =>
    saveCalendarDays(
      t.db.knex,
      mosqueId,
      Array.from({ length: to - from }, (_, i) => {
        const d = addDays(today(), from + i);
        return { localDate: d, jamaahAt: `${d}T06:45:00Z`, fajrAt: null };
      }),
    );
  const admin = (mosqueId: string, userId: string) =>
    t.db.knex('mosque_admins').insert({ mosque_id: mosqueId, user_id: userId, added_at: new Date() });

  it('when times run out within 14 days, then each admin hears once (SMS in their language, else e-mail), and again only for a new date', async () => {
    const db = t.db.knex;
    const acts = createMosqueFreshnessActivities(t.deps);
    const id = await mosqueWithDays('Masjid Tazah', 10);
    const fresh = await mosqueWithDays('Masjid Jadid', 40);
    const arabic = await insertUser(db);
    await db('users').where({ id: arabic }).update({ language: 'ar' });
    const stopped = await insertUser(db);
    const unverified = await insertUser(db, { phoneVerified: false });
    for (const u of [arabic, stopped, unverified]) await admin(id, u);
    await admin(fresh, await insertUser(db));
    const user = (uid: string) => db('users').where({ id: uid }).first('phone_number', 'email');
    await recordOptOut(db, t.deps.config.OTP_SECRET, (await user(stopped)).phone_number, 'sms', new Date());

    expect(await acts.remindMosqueAdmins()).toEqual({ mosques: 1, sms: 1, email: 2 });
    const sms = await db('local_outbox').where({ recipient: (await user(arabic)).phone_number });
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toContain('Masjid Tazah');
    expect(sms[0].body).toContain('جماعة الفجر');
    expect(sms[0].body).toContain(`/app/mosques/${id}`);
    // The number that said STOP gets no text: its admin hears by e-mail.
    expect(await db('local_outbox').where({ recipient: (await user(stopped)).phone_number })).toEqual([]);
    expect(await db('local_outbox').where({ recipient: (await user(stopped)).email })).toHaveLength(1);
    expect(await db('local_outbox').where({ recipient: (await user(unverified)).email })).toHaveLength(1);
    const audit = await db('mosque_audit_log').where({ mosque_id: id, action: 'reminder-sent' });
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toEqual({ to: addDays(today(), 9), admins: 3 });

    // Once per run-out date: the next day's run sends nothing.
    expect(await acts.remindMosqueAdmins()).toEqual({ mosques: 0, sms: 0, email: 0 });
    const stale = await staleMosques(db, new Date());
    expect(stale.map((s) => s.name)).toEqual(['Masjid Tazah']);
    expect(stale[0]).toMatchObject({ coveredUntil: addDays(today(), 9), ranOut: false, admins: 3, members: 0 });
    expect(stale[0]!.remindedAt).toBeInstanceOf(Date);

    // Three more days uploaded, still short of 14: a new date, a new reminder.
    await addDaysOf(id, 10, 13);
    expect(await acts.remindMosqueAdmins()).toEqual({ mosques: 1, sms: 1, email: 2 });
    // Enough days: no longer stale.
    await addDaysOf(id, 13, 30);
    expect((await staleMosques(db, new Date())).map((s) => s.name)).toEqual([]);
  });
});
