// A call as the local telephony provider keeps it (local_phone_calls), and what it reports of one as Twilio would.
import {
  isTerminal,
  type LocalBehaviour,
  type LocalOutcome,
  type ManualAction,
  type ProviderCall,
  type ProviderCallStatus,
} from './types';

const VOICEMAIL_SECONDS = 20;

export interface LocalCallRow {
  sid: string;
  to_number: string;
  from_number: string;
  status: ProviderCallStatus;
  answered_by: string | null;
  duration_seconds: number | null;
  status_callback_url: string | null;
  params: {
    behaviour: LocalBehaviour;
    adhaanUrl: string;
    attemptKey: string;
    awakeKeyUrl?: string;
    twiml?: string;
    /** The TwiML our key webhook answered each key pressed with, in turn. */
    keyReplies?: string[];
  };
  created_at: Date;
  /** When the account's queue let the call be dialled (null: before the queue existed). */
  dialled_at: Date | null;
  queue_ms: number | null;
  ended_at: Date | null;
}

/** How a call the phone (or a person) settles ends: Twilio's status, who answered and for how long. */
export function settledAs(
  outcome: LocalOutcome | ManualAction['action'],
  seconds: number,
): Pick<LocalCallRow, 'status' | 'answered_by' | 'duration_seconds'> {
  switch (outcome) {
    case 'answer':
    case 'press':
      return { status: 'completed' as const, answered_by: 'human', duration_seconds: seconds };
    case 'voicemail':
      return { status: 'completed' as const, answered_by: 'machine_end_beep', duration_seconds: VOICEMAIL_SECONDS };
    case 'busy':
    case 'decline':
      return { status: 'busy' as const, answered_by: null, duration_seconds: 0 };
    default:
      return { status: 'no-answer' as const, answered_by: null, duration_seconds: 0 };
  }
}

export function toProviderCall(row: LocalCallRow): ProviderCall {
  // Like Twilio's end − start − talk time: the behaviour's ring, or how long a person let a manual call ring.
  const b = row.params.behaviour;
  const ringMs = !isTerminal(row.status)
    ? null
    : b.outcome === 'manual' && row.ended_at
      ? new Date(row.ended_at).getTime() - dialledAt(row).getTime()
      : b.ringMs;
  return {
    sid: row.sid,
    // Queued until the account's queue dials it, then ringing (as Twilio reports it).
    status: row.status === 'queued' && Date.now() >= dialledAt(row).getTime() ? 'ringing' : row.status,
    answeredBy: row.answered_by,
    durationSeconds: row.duration_seconds,
    ringSeconds: ringMs === null ? null : Math.round(ringMs / 1000),
  };
}

/** When the provider dialled the call: after its account's queue (calls from before the queue: on arrival). */
export function dialledAt(row: LocalCallRow): Date {
  return new Date(row.dialled_at ?? row.created_at);
}
