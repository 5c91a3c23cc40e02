import { MockActivityEnvironment } from '@temporalio/testing';
import { insertUser, LONDON, LONDON_PREFS, useTestDeps } from '@fajr/scripts/testing/fixtures';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { attemptKeyFor, createCallActivities } from '../src/calls/calls.activities';
import { CALL_LINES } from '../src/domain/call-speech';
import { loadCallPlanSource } from '../src/repositories/call-plans.repository';
import { loadFriendPlanSource } from '../src/repositories/friend-plan-source.repository';
import { consentFriend, createFriend } from '../src/repositories/friends.repository';

// Issue 45: a call speaks the language its user's calls speak when it is dialled, not when it was planned.
describe('the call language at dial time (real Postgres, local telephony)', () => {
  const t = useTestDeps({ CALL_ARM_LEAD_SECONDS: '0' });
  let run = 0;

  /** Dials a test call for the user now and answers the TwiML the local phone was given. */
  async function dialTestCall(userId: string): Promise<string> {
    run += 1;
    const input = {
      userId,
      workflowId: `test-call-${userId}`,
      attempt: 1,
      kind: 'test' as const,
      callDate: '2026-11-23',
      plannedAt: new Date().toISOString(),
      runKey: `lang${run}`,
    };
    const result = await new MockActivityEnvironment().run(createCallActivities(t.deps).dialCall, input);
    expect(result).toMatchObject({ status: 'placed' });
    const attempt = await t.db
      .knex('call_attempts')
      .where({ attempt_key: attemptKeyFor(input) })
      .first();
    const call = await t.db.knex('local_phone_calls').where({ sid: attempt.provider_call_id }).first('params');
    const params = typeof call.params === 'string' ? JSON.parse(call.params) : call.params;
    return params.twiml as string;
  }

  it('when the call language changes after the account was set up, then the next call speaks the new one; unset, the app language', async () => {
    const userId = await insertUser(t.db.knex, { prefs: LONDON_PREFS });
    await t.db.knex('users').where({ id: userId }).update({ language: 'fr', call_language: null });
    expect((await loadCallPlanSource(t.db.knex, userId, new Date()))!.callLanguage).toBe('fr');
    const french = await dialTestCall(userId);
    expect(french).toContain('<Say voice="Google.fr-FR-Standard-A" language="fr-FR">');
    expect(french).toContain(CALL_LINES.fr.testNotice);

    await t.db.knex('users').where({ id: userId }).update({ call_language: 'ur' });
    const urdu = await dialTestCall(userId);
    expect(urdu).not.toContain('<Say');
    expect(urdu).toMatch(/<Play>[^<]*\/api\/media\/voice\/ur\/test-notice\.wav<\/Play>/);
    // The time in London, read from the number clips.
    expect(urdu).toMatch(/\/api\/media\/voice\/ur\/part-[a-z]+\.wav/);

    await t.db.knex('users').where({ id: userId }).update({ call_language: null, language: 'tr' });
    expect(await dialTestCall(userId)).toContain('language="tr-TR">');
  });

  it("when a Fajr friend is called, then the call speaks the friend's language if the inviter chose one, else the inviter's calls'", async () => {
    const inviterId = await insertUser(t.db.knex, { plan: 'PREMIUM', prefs: LONDON_PREFS });
    await t.db.knex('users').where({ id: inviterId }).update({ language: 'en', call_language: 'ur' });
    const f = await createFriend(t.db.knex, {
      inviterId,
      inviterName: 'Amina',
      firstName: 'Yusuf',
      phoneNumber: freshPhone(),
      secret: t.deps.config.OTP_SECRET,
      code: '654321',
      max: 3,
      now: new Date(),
    });
    if (typeof f === 'string') throw new Error(f);
    const place = { cityName: LONDON.cityName, lat: LONDON.lat, lng: LONDON.lng, tzName: LONDON.tzName };
    const consent = { id: f.id, code: '654321', secret: t.deps.config.OTP_SECRET, place, now: new Date() };
    expect(await consentFriend(t.db.knex, consent)).toBe('ok');
    expect((await loadFriendPlanSource(t.db.knex, f.id, new Date()))!.callLanguage).toBe('ur');
    // The friend's own language (fajr_friends.language, the inviter's choice for them) wins where it is kept.
    if (await t.db.knex.schema.hasColumn('fajr_friends', 'language')) {
      await t.db.knex('fajr_friends').where({ id: f.id }).update({ language: 'bn' });
      expect((await loadFriendPlanSource(t.db.knex, f.id, new Date()))!.callLanguage).toBe('bn');
    }
  });
});
