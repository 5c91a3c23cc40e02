import type { PlaceCallInput } from '../adapters/telephony/types';
import { clockOf } from '../domain/call-speech';
import { minutesUntilSunrise } from '../domain/sunrise-call';
import type { CallPlanSource } from '../repositories/call-plans.repository';
import type { DialInput } from './dial.activities';
import type { JamaahChangeNotice } from './jamaah-change-notice';

// What a dial says and how its log lines name it: read at dial time, kept apart from the dial's flow.

/**
 * What the call says, read at dial time: the language its user's calls speak now (a friend's: theirs,
 * else the inviter's), the time there, and a test's or a repeat's notice (a ring-through calls again too).
 */
export function speechOf(
  src: CallPlanSource,
  kind: DialInput['kind'],
  at: Date,
  change?: JamaahChangeNotice,
  sunriseAt?: string,
): PlaceCallInput['speech'] {
  const notice = kind === 'test' ? 'test' : kind === 'repeat' || kind === 'ring-through' ? 'repeat' : undefined;
  return {
    language: src.callLanguage,
    ...(src.tzName ? { clock: clockOf(at, src.tzName) } : {}),
    ...(notice ? { notice } : {}),
    ...(kind === 'tahajjud' ? { tahajjud: true } : {}),
    // The last call before sunrise says how long is left, counted from the moment it is dialled.
    ...(kind === 'sunrise' && sunriseAt ? { sunriseMinutes: minutesUntilSunrise(new Date(sunriseAt), at) } : {}),
    // Tomorrow's jama'ah at the member's mosque, read on the mosque's clock (its zone is the plan's).
    ...(change && src.tzName
      ? { jamaahChange: { mosqueName: change.mosqueName, clock: clockOf(new Date(change.jamaahAt), src.tzName) } }
      : {}),
  };
}

/**
 * The fields every log line about a call carries (docs/OPERATIONS.md, "Log fields"): the workflow id
 * and attempt lead to the Temporal UI in one step; the user id (the inviter for a friend's call, with
 * the friend's id), never a phone number.
 */
export function callLogFields(d: Pick<DialInput, 'workflowId' | 'attempt' | 'userId' | 'friendId'>) {
  return {
    workflowId: d.workflowId,
    attempt: d.attempt,
    userId: d.userId,
    ...(d.friendId ? { friendId: d.friendId } : {}),
  };
}
