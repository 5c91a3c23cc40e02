// Call attempts as tests start from them: one recorded as a dial records it before ringing (the state a
// try leaves when it dies before the provider answers), or one already ringing for a webhook to settle.
import type { Knex } from '@fajr/activities';
import { attemptKeyFor, type DialInput } from '@fajr/activities/calls/calls.activities';
import { recordAttempt } from '@fajr/activities/repositories/calls.repository';

/** Records `input`'s attempt (pending, on the local provider, under its attempt key), optionally on an account. */
export async function recordPendingAttempt(
  db: Knex,
  input: Pick<DialInput, 'userId' | 'workflowId' | 'attempt' | 'kind' | 'callDate' | 'plannedAt' | 'runKey'>,
  callerAccount?: string,
): Promise<void> {
  const at = { ...input, attemptKey: attemptKeyFor(input), plannedAt: new Date(input.plannedAt) };
  await recordAttempt(db, { ...at, provider: 'local', ...(callerAccount ? { callerAccount } : {}) });
}

/**
 * A call of 1 January 2027 ringing at the local provider under `sid`: the user's Fajr call, or with
 * `friendId` their friend's; on `callerAccount` when given. Returns its attempt key.
 */
export async function insertRingingAttempt(
  db: Knex,
  o: { userId: string; friendId?: string; sid: string; callerAccount?: string },
): Promise<string> {
  const workflowId = o.friendId ? `friend-call:${o.friendId}:2027-01-01` : `fajr-call:${o.userId}:2027-01-01`;
  const key = `${workflowId}#1`;
  await db('call_attempts').insert({
    attempt_key: key,
    user_id: o.userId,
    ...(o.friendId ? { friend_id: o.friendId } : {}),
    kind: o.friendId ? 'friend' : 'fajr',
    call_date: '2027-01-01',
    workflow_id: workflowId,
    attempt: 1,
    planned_at: new Date(),
    provider: 'local',
    provider_call_id: o.sid,
    outcome: 'ringing',
    ...(o.callerAccount ? { caller_account: o.callerAccount } : {}),
  });
  return key;
}

/** The TwiML the local phone was given for the attempt under `attemptKey`: what its call says. */
export async function twimlOfAttempt(db: Knex, attemptKey: string): Promise<string> {
  const attempt = await db('call_attempts').where({ attempt_key: attemptKey }).first();
  const call = await db('local_phone_calls').where({ sid: attempt.provider_call_id }).first('params');
  const params = typeof call.params === 'string' ? JSON.parse(call.params) : call.params;
  return params.twiml as string;
}

/** A test call's dial input for the user: its first attempt, under `runKey`, planned now unless told. */
export function testCallInput(userId: string, runKey: string, callDate: string, plannedAt = new Date().toISOString()) {
  return { userId, workflowId: `test-call-${userId}`, attempt: 1, kind: 'test' as const, callDate, plannedAt, runKey };
}

/**
 * A call attempt of this morning that ended `minutesAgo` minutes ago (answered after 5 s and 40 s long,
 * or not answered), as a row of call_attempts: stats and the call log read such rows.
 */
export function endedAttemptRow(
  o: { userId: string; callDate: string; kind: string; attempt: number; workflowId: string },
  outcome: string,
  minutesAgo: number,
) {
  const at = Date.now() - minutesAgo * 60_000;
  return {
    attempt_key: `${o.workflowId}#${o.attempt}`,
    user_id: o.userId,
    kind: o.kind,
    call_date: o.callDate,
    workflow_id: o.workflowId,
    attempt: o.attempt,
    planned_at: new Date(at),
    placed_at: new Date(at),
    ended_at: new Date(at + 45_000),
    answered_at: outcome === 'answered' ? new Date(at + 5_000) : null,
    duration_seconds: outcome === 'answered' ? 40 : 0,
    provider: 'local',
    outcome,
  };
}
