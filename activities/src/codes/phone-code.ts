import type { Deps } from '../deps';
import { callWithCode } from '../adapters/telephony/voice-code';
import { codeChannelFor } from '../domain/phone-policy';

/** How a code reaches this number: a text, or a call that reads it out (PHONE_VOICE_CODE_COUNTRIES). */
export function phoneCodeChannel(deps: Pick<Deps, 'config'>, to: string): 'sms' | 'voice-code' {
  return codeChannelFor(to, deps.config.PHONE_VOICE_CODE_COUNTRIES);
}

/** Sends a code to a phone by its country's channel: `text` as an SMS, or the code read out by a call. */
export async function sendPhoneCode(deps: Pick<Deps, 'config' | 'providers'>, to: string, text: string, code: string): Promise<void> {
  if (phoneCodeChannel(deps, to) === 'voice-code') await callWithCode(deps.providers.telephony, to, code);
  else await deps.providers.messaging.sendSms(to, text);
}
