/** Twilio's call statuses (the local provider uses the same). */
export type ProviderCallStatus = 'queued' | 'initiated' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';

/** What our call log records as the result of one attempt. */
export type CallOutcome = 'pending' | 'ringing' | 'answered' | 'no-answer' | 'busy' | 'voicemail' | 'failed' | 'canceled';

export const TERMINAL_STATUSES: readonly ProviderCallStatus[] = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

/** A call as the provider reports it. */
export interface ProviderCall {
  sid: string;
  status: ProviderCallStatus;
  /** human, machine_start, machine_end_beep, fax, unknown (answering-machine detection), when known. */
  answeredBy: string | null;
  durationSeconds: number | null;
}

export interface PlaceCallInput {
  /** E.164 number to dial (never logged). */
  to: string;
  /** Absolute or API-relative URL of the adhaan recording to play. */
  adhaanUrl: string;
  /** Our idempotency key, kept with the provider's call where the provider allows it. */
  attemptKey: string;
}

/** A paid telephony provider: place a call, ask about it, find a call placed to a number since an instant. */
export interface Telephony {
  readonly provider: 'twilio' | 'local';
  /** Provider account key: one pacer row per account. */
  readonly account: string;
  /** Places an outgoing call; resolves once the provider accepted it (the call id), rejects with TelephonyError. */
  placeCall(input: PlaceCallInput): Promise<{ sid: string }>;
  /** The provider's current view of a call. */
  getCall(sid: string): Promise<ProviderCall>;
  /** The earliest call placed to `to` at or after `since`, if any (recovers a call whose id was lost in a crash). */
  findCall(to: string, since: Date): Promise<ProviderCall | null>;
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

/** Maps a provider call to our call-log outcome: voicemail (machine answered) counts as unanswered. */
export function outcomeOf(call: Pick<ProviderCall, 'status' | 'answeredBy'>): CallOutcome {
  const machine = !!call.answeredBy && (call.answeredBy.startsWith('machine') || call.answeredBy === 'fax');
  switch (call.status) {
    case 'queued':
    case 'initiated':
      return 'pending';
    case 'ringing':
      return 'ringing';
    case 'in-progress':
      return machine ? 'voicemail' : 'ringing';
    case 'completed':
      return machine ? 'voicemail' : 'answered';
    case 'busy':
      return 'busy';
    case 'no-answer':
      return 'no-answer';
    case 'canceled':
      return 'canceled';
    default:
      return 'failed';
  }
}

export function isTerminal(status: ProviderCallStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** The spoken line before the adhaan. */
export const WAKE_UP_LINE = 'Assalamu alaikum. It is time for Fajr. Wake up for the prayer.';
