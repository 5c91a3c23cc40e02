import type { Deps } from '../deps';
import {
  cooldownSecondsLeft,
  deleteCode,
  destinationKey,
  expireCodes,
  generateCode,
  hashCode,
  storeCode,
  type CodePurpose,
} from '../repositories/codes.repository';
import { findUserById } from '../repositories/users.repository';
import { findUserLanguage } from '../repositories/languages.repository';
import { textIn, type TextKey } from '../i18n/texts';
import { phoneRefusal } from '../domain/phone-policy';
import { releasePhoneSend, reservePhoneSend } from '../repositories/phone-sends.repository';
import { codeMetrics } from '../metrics';
import { isOptedOut } from '../repositories/invite-opt-outs.repository';
import {
  claimCodeParts,
  claimPhoneWait,
  mosqueClaimTarget,
  storeClaimCode,
} from '../repositories/mosque-claim-codes.repository';
import { phoneCodeChannel, phoneCodeWait, sendPhoneCode } from './phone-code';

/** What the oneTimeCode workflow carries: ids and names only, never a phone number, e-mail or code. */
export interface OneTimeCodeInput {
  purpose: CodePurpose;
  /** The user id the code is for (a claim: `<userId>:<mosqueId>`). */
  subject: string;
  /** How the code travels: SMS to the user's phone number or e-mail to their address. */
  channel: 'sms' | 'email';
}

export interface IssueResult {
  /** False when nothing was sent: in the resend cooldown, or no such user or no address for the channel. */
  issued: boolean;
  /** When the new code stops being accepted (ISO), when one was issued. */
  expiresAt: string | null;
  /** When none was issued because of the resend cooldown: seconds until another may be sent. */
  retryAfterSeconds: number;
}

/** Each purpose's message (activities/src/i18n/texts), in the language of the account it is sent to. */
const TEXTS: Record<CodePurpose, { subject: TextKey; text: TextKey }> = {
  'verify-phone': { subject: 'code.verify.subject', text: 'code.verify.text' },
  'verify-second-phone': { subject: 'code.verify.subject', text: 'code.verify_second.text' },
  'reset-password': { subject: 'code.reset.subject', text: 'code.reset.text' },
  'claim-mosque': { subject: 'code.verify.subject', text: 'code.claim_mosque.text' },
};

/** Who a code is for and where it goes: the account's own number or address, or (a claim) the mosque's listed phone. */
async function codeTarget(deps: Deps, input: OneTimeCodeInput) {
  if (input.purpose !== 'claim-mosque') {
    const user = await findUserById(deps.db, input.subject);
    const to =
      input.channel === 'email'
        ? user?.email
        : input.purpose === 'verify-second-phone'
          ? user?.second_phone_number
          : user?.phone_number;
    return { user, to, heldFor: 0, params: {} as Record<string, string> };
  }
  const { userId, mosqueId } = claimCodeParts(input.subject);
  const user = await findUserById(deps.db, userId);
  const mosque = await mosqueClaimTarget(deps.db, mosqueId);
  // A phone that said STOP gets no code (the API refuses first; this holds should STOP arrive meanwhile).
  const to = mosque?.phone && !(await isOptedOut(deps.db, deps.config.OTP_SECRET, mosque.phone)) ? mosque.phone : null;
  // The mosque's phone is nobody's account: a few codes a day to it, whoever asks.
  const heldFor = to ? await claimPhoneWait(deps.db, deps.config.OTP_SECRET, to, deps.now()) : 0;
  return { user, to, heldFor, params: { mosque: mosque?.name ?? '' } };
}

/** Activities of the oneTimeCode workflow. */
export function createCodeActivities(deps: Deps) {
  return {
    /**
     * Makes a six-digit code, stores only its HMAC and sends it. The code is created here and never
     * leaves this function except in the message, so it never enters workflow history or logs.
     */
    async issueOneTimeCode(input: OneTimeCodeInput): Promise<IssueResult> {
      const { user, to, heldFor: phoneHeld, params } = await codeTarget(deps, input);
      if (!user || !to) return { issued: false, expiresAt: null, retryAfterSeconds: 0 };
      if (phoneHeld > 0) return { issued: false, expiresAt: null, retryAfterSeconds: phoneHeld };
      // The API refuses these with a clear message; this holds for every caller (the reset flow answers alike).
      if (input.channel === 'sms' && phoneRefusal(to, deps.config.PHONE_COUNTRIES))
        return { issued: false, expiresAt: null, retryAfterSeconds: 0 };
      // The country's daily caps and the account's monthly budget (a resend over it waits; docs/SECURITY.md).
      const heldFor = input.channel === 'sms' ? await phoneCodeWait(deps, user.id, to) : 0;
      if (heldFor > 0) return { issued: false, expiresAt: null, retryAfterSeconds: heldFor };
      const code = generateCode();
      // Bound to the number or address it goes to: it proves that one and no other (issue 42).
      const row = {
        purpose: input.purpose,
        subject: input.subject,
        codeHash: hashCode(deps.config.OTP_SECRET, input.purpose, input.subject, to, code),
        destinationKey: destinationKey(deps.config.OTP_SECRET, to),
        now: deps.now(),
      };
      // A mosque's phone: its daily codes counted and the code stored in one locked step (claimants race).
      const stored =
        input.purpose === 'claim-mosque' ? await storeClaimCode(deps.db, row) : await storeCode(deps.db, row);
      if (stored && 'retryAfterSeconds' in stored)
        return { issued: false, expiresAt: null, retryAfterSeconds: stored.retryAfterSeconds };
      if (!stored) {
        return {
          issued: false,
          expiresAt: null,
          retryAfterSeconds: Math.max(1, await cooldownSecondsLeft(deps.db, input.purpose, input.subject, deps.now())),
        };
      }
      let reserved: { id: string } | undefined;
      if (input.channel === 'sms') {
        const r = await reservePhoneSend(deps.db, {
          channel: phoneCodeChannel(deps, to),
          userId: user.id,
          phoneNumber: to,
          secret: deps.config.OTP_SECRET,
          now: deps.now(),
        });
        if (!('id' in r)) {
          await deleteCode(deps.db, stored.id);
          return { issued: false, expiresAt: null, retryAfterSeconds: r.retryAfterSeconds };
        }
        reserved = r;
      }
      const keys = TEXTS[input.purpose];
      const language = await findUserLanguage(deps.db, user.id);
      // The code goes in as a string: never grouped or re-written in another script's digits.
      const text = textIn(language, keys.text, { ...params, code });
      try {
        if (input.channel === 'sms') await sendPhoneCode(deps, { userId: user.id, to, text, code });
        else await deps.providers.email.send({ to, subject: textIn(language, keys.subject), text });
      } catch (err) {
        codeMetrics.failed(input.channel, input.purpose);
        // Undelivered: drop the row so the activity's retry is not held back by the resend cooldown, nor counted.
        await deleteCode(deps.db, stored.id);
        if (reserved) await releasePhoneSend(deps.db, reserved.id);
        throw err;
      }
      deps.logger.info({ purpose: input.purpose, userId: input.subject, channel: input.channel }, 'one-time code sent');
      codeMetrics.sent(input.channel, input.purpose);
      return { issued: true, expiresAt: stored.expiresAt.toISOString(), retryAfterSeconds: 0 };
    },

    /** Ends the codes of a purpose and subject whose ten minutes are over. */
    async expireOneTimeCodes(input: Pick<OneTimeCodeInput, 'purpose' | 'subject'>): Promise<void> {
      await expireCodes(deps.db, input.purpose, input.subject, deps.now());
    },
  };
}
