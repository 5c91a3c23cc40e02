import { MockActivityEnvironment } from '@temporalio/testing';
import { insertUser, LONDON_PREFS, useTestDeps } from '@fajr/scripts/testing/fixtures';
import { testCallInput, twimlOfAttempt } from '@fajr/scripts/testing/attempts';
import { insertConsentedFriend } from '@fajr/scripts/testing/friends';
import { attemptKeyFor, createCallActivities } from '../src/calls/calls.activities';
import { CALL_LINES } from '../src/domain/call-speech';
import { loadCallPlanSource } from '../src/repositories/call-plans.repository';
import { loadFriendPlanSource } from '../src/repositories/friend-plan-source.repository';

// Issue 45: a call speaks the language its user's calls speak when it is dialled, not when it was planned.
describe('the call language at dial time (real Postgres, local telephony)', () => {
  const t = useTestDeps({ CALL_ARM_LEAD_SECONDS: '0' });
  let run = 0;

  /** Dials a test call for the user now and answers the TwiML the local phone was given. */
  async function dialTestCall(userId: string): Promise<string> {
    run += 1;
    const input = testCallInput(userId, `lang${run}`, '2026-11-23');
    const result = await new MockActivityEnvironment().run(createCallActivities(t.deps).dialCall, input);
    expect(result).toMatchObject({ status: 'placed' });
    return twimlOfAttempt(t.db.knex, attemptKeyFor(input));
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
    const f = await insertConsentedFriend(t.deps, inviterId);
    expect((await loadFriendPlanSource(t.db.knex, f.id, new Date()))!.callLanguage).toBe('ur');
    // The friend's own language (fajr_friends.language, the inviter's choice for them) wins where it is kept.
    if (await t.db.knex.schema.hasColumn('fajr_friends', 'language')) {
      await t.db.knex('fajr_friends').where({ id: f.id }).update({ language: 'bn' });
      expect((await loadFriendPlanSource(t.db.knex, f.id, new Date()))!.callLanguage).toBe('bn');
    }
  });
});
