/** Twilio's call statuses (the local provider uses the same). */
export type ProviderCallStatus =
  'queued' | 'initiated' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';

/** What our call log records as the result of one attempt. */
export type CallOutcome =
  'pending' | 'ringing' | 'answered' | 'no-answer' | 'busy' | 'voicemail' | 'failed' | 'canceled';

export const TERMINAL_STATUSES: readonly ProviderCallStatus[] = [
  'completed',
  'busy',
  'no-answer',
  'failed',
  'canceled',
];

/** A call as the provider reports it. */
export interface ProviderCall {
  sid: string;
  status: ProviderCallStatus;
  /** human, machine_start, machine_end_beep, fax, unknown (answering-machine detection), when known. */
  answeredBy: string | null;
  durationSeconds: number | null;
  /** Seconds it rang before it was answered, rejected or gave up, when the provider says (a status callback does not). */
  ringSeconds?: number | null;
}

/**
 * How long Twilio lets an attempt ring before giving up with `no-answer` (the call's `Timeout`).
 * Twilio documents that a timeout of about 15 s hangs up before a carrier's voicemail picks up, so a
 * phone nobody heard rings 15 s or more before its voicemail answers, and the full timeout before
 * `no-answer`.
 */
export const RING_TIMEOUT_SECONDS = 45;
/**
 * An unanswered attempt that ended within this many seconds of ringing was rejected or silenced
 * (Do Not Disturb, Focus, a declined call), not slept through: `busy` at once, `no-answer` far short
 * of the timeout, or voicemail before any carrier's voicemail would answer a ringing phone.
 */
export const SILENCED_RING_SECONDS = 15;

/** Whether an attempt ended the way a silenced phone ends it (docs/CALLS.md "Do-not-disturb detection"). */
export function looksSilenced(outcome: CallOutcome, ringSeconds: number | null | undefined): boolean {
  if (ringSeconds === null || ringSeconds === undefined) return false;
  return (
    (outcome === 'busy' || outcome === 'no-answer' || outcome === 'voicemail') && ringSeconds < SILENCED_RING_SECONDS
  );
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
