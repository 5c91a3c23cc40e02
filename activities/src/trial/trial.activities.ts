import type { Deps } from '../deps';
import { entitlementsOf } from '../domain/entitlements';
import { findUserById, type UserRow } from '../repositories/users.repository';
import { phoneRefusal } from '../domain/phone-policy';
import { reservePhoneSend } from '../repositories/phone-sends.repository';
import { findUserLanguage } from '../repositories/languages.repository';
import { textIn, type TextKey } from '../i18n/texts';

/** Activities of the trial workflow. */
export function createTrialActivities(deps: Deps) {
  /** Whether this user may be texted now: a proved number the policy allows, within the daily cap (counted here). */
  async function textable(user: UserRow): Promise<boolean> {
    if (!user.phone_number || !user.phone_verified_at || phoneRefusal(user.phone_number, deps.config.PHONE_COUNTRIES))
      return false;
    const r = await reservePhoneSend(deps.db, {
      channel: 'sms',
      userId: user.id,
      phoneNumber: user.phone_number,
      secret: deps.config.OTP_SECRET,
      now: deps.now(),
    });
    return 'id' in r;
  }

  // A text only to a number proved by code (never to a number someone typed), else the e-mail address;
  // in the user's language.
  async function tell(
    user: UserRow,
    keys: { subject: TextKey; text: TextKey },
    params: Record<string, string | number>,
  ): Promise<boolean> {
    const language = await findUserLanguage(deps.db, user.id);
    const subject = textIn(language, keys.subject);
    const text = textIn(language, keys.text, params);
    if (await textable(user)) await deps.providers.messaging.sendSms(user.phone_number!, text);
    else if (user.email) await deps.providers.email.send({ to: user.email, subject, text });
    else return false;
    return true;
  }

  /** Where a user's trial stands: its end (ISO) or null when the user is gone, has no trial, or has a plan. */
  async function trialEnd({ userId }: { userId: string }): Promise<{ trialEndsAt: string | null }> {
    const user = await findUserById(deps.db, userId);
    if (!user || user.is_app_user || user.plan || !user.trial_ends_at) return { trialEndsAt: null };
    return { trialEndsAt: user.trial_ends_at.toISOString() };
  }

  return {
    getTrialEnd: trialEnd,

    /** Reminds a user without a plan that the trial ends soon; a no-op once they subscribed or left. */
    async sendTrialReminder({ userId }: { userId: string }): Promise<{ sent: boolean }> {
      const user = await findUserById(deps.db, userId);
      if (!user || user.is_app_user || user.plan || !user.trial_ends_at) return { sent: false };
      const days =
        entitlementsOf({ plan: null, isAppUser: false, trialEndsAt: user.trial_ends_at }, deps.now())
          .freeTrialDaysRemaining ?? 0;
      if (days <= 0) return { sent: false };
      const sent = await tell(
        user,
        { subject: 'trial.reminder.subject', text: 'trial.reminder.text' },
        { days, url: `${deps.config.PUBLIC_BASE_URL}/app/subscriptions` },
      );
      return { sent };
    },

    /** Tells a user without a plan that the trial is over and calls have stopped. */
    async sendTrialEnded({ userId }: { userId: string }): Promise<{ sent: boolean }> {
      const user = await findUserById(deps.db, userId);
      if (!user || user.is_app_user || user.plan) return { sent: false };
      const sent = await tell(
        user,
        { subject: 'trial.ended.subject', text: 'trial.ended.text' },
        { url: `${deps.config.PUBLIC_BASE_URL}/app/subscriptions` },
      );
      return { sent };
    },
  };
}
