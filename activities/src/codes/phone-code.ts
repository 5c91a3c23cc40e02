import type { Deps } from '../deps';
import { callWithCode } from '../adapters/telephony/voice-code';
import { codeChannelFor } from '../domain/phone-policy';
import { optionalSendHeld, recordOptionalSend } from '../repositories/phone-spend-guard';
import { sentWithinDay } from '../repositories/phone-spend.repository';
import { findCallLanguage } from '../repositories/call-language.repository';

/** How a code reaches this number: a text, or a call that reads it out (PHONE_VOICE_CODE_COUNTRIES). */
export function phoneCodeChannel(deps: Pick<Deps, 'config'>, to: string): 'sms' | 'voice-code' {
  return codeChannelFor(to, deps.config.PHONE_VOICE_CODE_COUNTRIES);
}

/**
 * Seconds until a code may go to this number (0: now): the country's daily caps hold every code; an
 * account over its monthly budget still gets its first code of the day, not a resend.
 */
export async function phoneCodeWait(deps: Deps, userId: string, to: string): Promise<number> {
  const held = await optionalSendHeld(deps, { channel: phoneCodeChannel(deps, to), userId, phoneNumber: to });
  if (!held) return 0;
  if (held.reason === 'budget' && !(await sentWithinDay(deps.db, userId, ['sms', 'voice-code'], deps.now()))) return 0;
  return held.retryAfterSeconds;
}

/** Sends a code to a phone by its country's channel (`text` as an SMS, or the code read out by a call) and prices it. */
export async function sendPhoneCode(
  deps: Deps,
  s: { userId: string; to: string; text: string; code: string },
): Promise<void> {
  const channel = phoneCodeChannel(deps, s.to);
  // A code read out speaks the user's call language (their interface language unless they chose another).
  if (channel === 'voice-code')
    await callWithCode(deps.providers.telephony, s.to, s.code, {
      language: await findCallLanguage(deps.db, s.userId),
      baseUrl: deps.config.PUBLIC_BASE_URL,
    });
  else await deps.providers.messaging.sendSms(s.to, s.text);
  await recordOptionalSend(deps, { channel, userId: s.userId, phoneNumber: s.to });
}
