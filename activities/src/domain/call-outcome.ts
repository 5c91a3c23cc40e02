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
