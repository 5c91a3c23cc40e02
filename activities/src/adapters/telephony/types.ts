import type { ProviderCall } from '../../domain/call-outcome';
import { CALL_LINES, type CallLanguage, type Clock } from '../../domain/call-speech';

// The call model is the domain's; telephony adapters and their callers import it from here too.
export {
  TERMINAL_STATUSES,
  isTerminal,
  outcomeOf,
  looksSilenced,
  RING_TIMEOUT_SECONDS,
  SILENCED_RING_SECONDS,
  type CallOutcome,
  type ProviderCall,
  type ProviderCallStatus,
} from '../../domain/call-outcome';

export interface PlaceCallInput {
  /** E.164 number to dial (never logged). */
  to: string;
  /** Absolute or API-relative URL of the adhaan recording to play. */
  adhaanUrl: string;
  /** Our idempotency key, kept with the provider's call where the provider allows it. */
  attemptKey: string;
  /** The caller account (number) to call from, through its account; omitted: FAJR_CALLER_NUMBER (or the first CALLER_ACCOUNTS entry's when it names none). */
  from?: string;
  /** Ask the person to press a key once awake (a key press is posted to the awake-check webhook). */
  awakeCheck?: boolean;
  /** A Fajr friend's call: greeted by name and their inviter's, and offered the stop key (posted to the same key webhook). */
  friend?: FriendGreeting;
  /** What the call says instead of the Fajr call's (a code read out, adapters/telephony/voice-code.ts): given to the provider inline. */
  twiml?: string;
  /**
   * The language the call speaks (the user's call language at dial time; a friend's call: the
   * friend's, else the inviter's), the time it says, and its notice (test, repeat). Default English,
   * no time. The key webhook's answers speak the same language (carried in the signed key URL).
   */
  speech?: {
    language: CallLanguage;
    clock?: Clock;
    notice?: 'test' | 'repeat';
    /** Tomorrow's jama'ah at the member's mosque moves (issue 46 point 4): said at the end of the call. */
    jamaahChange?: { mosqueName: string; clock: Clock };
    /** The last call before sunrise (issue 47 point 1): the minutes left until sunrise, said after the opening. */
    sunriseMinutes?: number;
    /** A tahajjud call (issue 47 point 4): its own opening, the night's last third. */
    tahajjud?: boolean;
  };
}

/** Who a Fajr friend's call greets, and by whose invitation. */
export interface FriendGreeting {
  firstName: string;
  inviterName: string;
}

/** A paid telephony provider: place a call, ask about it, find a call placed to a number since an instant. */
export interface Telephony {
  readonly provider: 'twilio' | 'local';
  /** Provider account key: one pacer row per account. */
  readonly account: string;
  /**
   * Places an outgoing call; resolves once the provider accepted it (the call id, and how long the
   * provider will hold it in the account's queue before dialling when it says: Twilio's QueueTime),
   * rejects with TelephonyError.
   */
  placeCall(input: PlaceCallInput): Promise<{ sid: string; queueMs?: number }>;
  /** The provider's current view of a call (`from`: the caller number it came from, whose account placed it, when known). */
  getCall(sid: string, from?: string): Promise<ProviderCall>;
  /**
   * The earliest call placed to `to` (from `from`, default FAJR_CALLER_NUMBER) at or after `since`, if
   * any (recovers a call whose id was lost in a crash). `quick`: one look, without waiting out a
   * provider's listing lag, so "none" may miss a call created in the last seconds.
   */
  findCall(to: string, since: Date, from?: string, options?: { quick?: boolean }): Promise<ProviderCall | null>;
}

/** The API's side of a telephony provider: the status callbacks it posts, read as our own events. */
export interface CallStatusCallbacks {
  /**
   * Checks a status callback's signature and reads it as a CallStatusEvent. Throws
   * WebhookSignatureError when the signature does not match, WebhookPayloadError when a signed
   * callback is not one the provider sends.
   */
  parseStatusCallback(request: StatusCallbackRequest): CallStatusEvent;
  /** Checks and reads an awake-check key press (Twilio's `<Gather>` action request); same errors. */
  parseAwakeKey(request: StatusCallbackRequest): AwakeKeyEvent;
  /**
   * What the call does after the awake-check webhook: thanks (and tells of tomorrow's jama'ah change,
   * when the call carried one) and hangs up (TwiML, in the call's language).
   */
  awakeKeyReply(
    confirmed: boolean,
    language?: CallLanguage,
    jamaahChange?: { mosqueName: string; clock: Clock },
  ): string;
  /** Checks and reads an incoming SMS (Twilio's messaging webhook: a reply to our texts); same errors. */
  parseInboundSms(request: StatusCallbackRequest): InboundSmsEvent;
  /** The messaging webhook's answer: no reply of our own (TwiML; the provider answers STOP itself). */
  inboundSmsReply(): string;
  /** What a Fajr friend's call says after the stop key is confirmed: they will not be called again; hangs up (TwiML). */
  friendStoppedReply(language?: CallLanguage): string;
  /** After a friend's first stop key (posted to `pathAndQuery`): asks for the key once more, posted back marked as the confirmation (TwiML). */
  friendStopConfirmReply(pathAndQuery: string, language?: CallLanguage): string;
  /** After a confirmation whose key was not the stop key: the calls carry on; hangs up (TwiML). */
  friendKeptReply(language?: CallLanguage): string;
}

/** A status callback as it reached the API. */
export interface StatusCallbackRequest {
  /** The path and query string it was posted to, as received (the provider signs the public URL they form). */
  pathAndQuery: string;
  /** The provider's signature header, if any. */
  signature: string | undefined;
  /** The form fields. */
  params: Record<string, string>;
}

/** A call's status change as the provider reported it, in our terms. */
export interface CallStatusEvent {
  /** Our attempt key, when the callback URL carried it (an early callback arrives before the call id is stored). */
  attemptKey: string | undefined;
  /** The account whose token the request's signature was checked with (its AccountSid), when it named one. */
  accountSid?: string;
  /** The W3C traceparent of the dial that placed the call, when the callback URL carried one (tracing on). */
  traceparent?: string;
  call: ProviderCall;
}

/** Replaces anything that looks like a phone number: provider errors travel into logs and workflow history. */
export function redactNumbers(message: string): string {
  return message.replace(/\+?\d[\d ()-]{5,}\d/g, '[number]');
}

/** The provider refused or failed to place a call. `retryable` says whether trying again may help. */
export class TelephonyError extends Error {
  override name = 'TelephonyError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code?: string | number,
  ) {
    super(redactNumbers(message));
  }
}

/** The spoken line before the adhaan (English; every language's lines: domain/call-speech). */
export const WAKE_UP_LINE = CALL_LINES.en.wakeUp;
/** With the awake check: what the call asks for, and what it says after a key press or without one. */
export const PRESS_A_KEY_LINE = CALL_LINES.en.pressAKey;
export const AWAKE_CONFIRMED_LINE = CALL_LINES.en.awakeConfirmed;
export const NO_KEY_LINE = CALL_LINES.en.noKey;
/** Seconds the awake check waits for a key after the adhaan has played. */
export const AWAKE_KEY_TIMEOUT_SECONDS = 10;

/** An SMS someone sent to our number (never logged: the number and text are personal). */
export interface InboundSmsEvent {
  from: string;
  body: string;
}

/** A key press during a call, as the provider posted it to our awake-check webhook. */
export interface AwakeKeyEvent {
  attemptKey: string | undefined;
  /** The account whose token the request's signature was checked with (its AccountSid), when it named one. */
  accountSid?: string;
  callSid: string;
  /** The key(s) pressed; empty when the gather ended without one. */
  digits: string;
  /** The key answers a friend's "press 9 again to stop" (the action URL carries `stop=confirm`). */
  stopConfirm: boolean;
  /** The language the call speaks (the signed action URL carries `lang`; English when it does not). */
  language: CallLanguage;
  /** Tomorrow's jama'ah change the call told of (the signed action URL carries it): the key's answer says it too. */
  jamaahChange?: { mosqueName: string; clock: Clock };
  /** The W3C traceparent of the dial that placed the call, when the action URL carried one (tracing on). */
  traceparent?: string;
}

/**
 * How the local provider's simulated phone at a number behaves (table local_phone_behaviours).
 * `silenced`: a phone on Do Not Disturb that lets repeated calls through, like iOS and Android: a
 * call rejects at once (busy after 1 s), unless our caller number called it in the last 3 minutes,
 * when it rings through and is answered.
 */
export type LocalOutcome = 'answer' | 'no-answer' | 'busy' | 'voicemail' | 'fail' | 'manual' | 'silenced';
export const LOCAL_OUTCOMES: readonly LocalOutcome[] = [
  'answer',
  'no-answer',
  'busy',
  'voicemail',
  'fail',
  'manual',
  'silenced',
];

export interface LocalBehaviour {
  outcome: LocalOutcome;
  ringMs: number;
  durationSeconds: number;
  /** The key the person presses when a call asks for one; null: answers without pressing. */
  pressKey?: string | null;
}

/** A person's decision in the dev page for a ringing manual call. */
export type ManualAction =
  | { action: 'answer'; durationSeconds: number }
  /** Answer and press a key (`digits`, default 1) when the call asks for one (the awake check; 9 stops a friend's calls). */
  | { action: 'press'; durationSeconds: number; digits?: string }
  | { action: 'decline' }
  | { action: 'miss' }
  | { action: 'voicemail' };

/** The development-only phone page's side of the local telephony provider. */
/** A call the local phone received: the provider's view, the numbers, how the phone behaved, and the TwiML it was given. */
export type LocalCall = ProviderCall & {
  to: string;
  from: string;
  createdAt: Date;
  behaviour: LocalBehaviour;
  twiml: string | null;
  /** What the call said after each key pressed (our key webhook's TwiML answers), in turn. */
  keyReplies: string[];
};

export interface LocalPhoneConsole {
  /** Sets how the phone at a number behaves from now on. */
  setBehaviour(phoneNumber: string, b: Partial<LocalBehaviour> & { outcome: LocalOutcome }): Promise<void>;
  /** Recent calls (newest first). */
  recentCalls(limit?: number): Promise<LocalCall[]>;
  /** A person answers, declines, misses or sends to voicemail a ringing call; TelephonyError for an unknown call. */
  act(sid: string, action: ManualAction): Promise<ProviderCall>;
}
