import { MockActivityEnvironment } from '@temporalio/testing';
import { insertUser, LONDON_PREFS, useTestDeps } from '@fajr/scripts/testing/fixtures';
import { insertTestMosque, WHITECHAPEL_MOSQUE } from '@fajr/scripts/testing/mosques';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { createJamaahChangeSmsActivities } from '../src/mosques/jamaah-change-sms.activities';
import { JAMAAH_CHANGE_SMS } from '../src/mosques/jamaah-change-sms.texts';
import { recordOptOut } from '../src/repositories/invite-opt-outs.repository';
import { latestOutboxMessages } from '../src/repositories/outbox.repository';

// Issue 46 point 4: "for those who opt in, by an evening SMS in their language" — only to proved numbers that have not said STOP.
describe("the evening text of tomorrow's jama'ah change (real Postgres, local SMS)", () => {
  const t = useTestDeps();
  const run = (now: string) =>
    new MockActivityEnvironment().run(createJamaahChangeSmsActivities(t.deps).sendJamaahChangeTexts, { now });

  it('when the mosque moves tomorrow, then at 19:00 its opted-in members are texted once, in their language; STOP, unverified and not opted in are not', async () => {
    const mosque = await insertTestMosque(
      t.db.knex,
      { ...WHITECHAPEL_MOSQUE, name: 'Masjid Al-Falah', address: '3 Road' },
      [
        { localDate: '2026-12-01', jamaahAt: '2026-12-01T06:30:00Z' },
        { localDate: '2026-12-02', jamaahAt: '2026-12-02T06:45:00Z' },
      ],
    );
    const member = async (o: { optIn: boolean; verified?: boolean; language?: string }) => {
      const phone = freshPhone('+4474009');
      const id = await insertUser(t.db.knex, {
        phoneNumber: phone,
        phoneVerified: o.verified ?? true,
        prefs: { ...LONDON_PREFS, mosque_id: mosque.id, jamaah_change_sms: o.optIn },
      });
      await t.db
        .knex('users')
        .where({ id })
        .update({ language: o.language ?? 'en' });
      return phone;
    };
    const french = await member({ optIn: true, language: 'fr' });
    const urdu = await member({ optIn: true, language: 'ur' });
    const unverified = await member({ optIn: true, verified: false });
    const stopped = await member({ optIn: true });
    await recordOptOut(t.db.knex, t.deps.config.OTP_SECRET, stopped, 'sms', new Date());
    const notOptedIn = await member({ optIn: false });

    // 18:10 in London is not the evening hour yet.
    await run('2026-12-01T18:10:00Z');
    expect(await latestOutboxMessages(t.db.knex, french)).toEqual([]);

    const report = await run('2026-12-01T19:05:00Z');
    expect(report).toMatchObject({ sent: 2, skipped: 2 });
    const [fr] = await latestOutboxMessages(t.db.knex, french);
    expect(fr!.body).toBe(
      "Fajr : à partir de demain, la jama'a du Fajr à Masjid Al-Falah est à \u20666:45\u2069. Répondez STOP pour ne plus recevoir de SMS.",
    );
    const [ur] = await latestOutboxMessages(t.db.knex, urdu);
    expect(ur!.body).toContain('کل سے Masjid Al-Falah میں فجر کی جماعت');
    for (const phone of [unverified, stopped, notOptedIn])
      expect(await latestOutboxMessages(t.db.knex, phone)).toEqual([]);

    // The next hourly run (or a retry) does not text again.
    await run('2026-12-01T19:35:00Z');
    expect(await latestOutboxMessages(t.db.knex, french)).toHaveLength(1);
  });

  it('every language has the text with the same arguments', () => {
    for (const text of Object.values(JAMAAH_CHANGE_SMS)) {
      expect(text.text).toContain('{mosque}');
      expect(text.text).toContain('{time}');
    }
    expect(Object.keys(JAMAAH_CHANGE_SMS).sort()).toEqual(['ar', 'bn', 'en', 'fr', 'id', 'ms', 'tr', 'ur']);
  });
});
