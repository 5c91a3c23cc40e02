import type { Knex } from 'knex';
import type { CallOutcome } from '../domain/call-outcome';

/**
 * fajr: attempt 1; ring-through: the Do Not Disturb second call; second-number: the Premium second phone;
 * repeat: Premium, 10 minutes later; sunrise: Premium, the last call before sunrise (its own workflow,
 * sunrise-call:<user>:<date>); tahajjud: Premium, the night before (tahajjud-call:<user>:<date>; not a
 * morning kind: it wakes for the night prayer, not Fajr); friend: a Fajr friend's call; test.
 */
export type CallKind =
  'fajr' | 'ring-through' | 'second-number' | 'repeat' | 'sunrise' | 'tahajjud' | 'friend' | 'test';

/** Every kind of call a Fajr morning places (test calls aside). */
export const MORNING_KINDS: CallKind[] = ['fajr', 'ring-through', 'second-number', 'repeat', 'sunrise'];

/** One row of call_attempts: the idempotency record of a dial and the call log entry. */
export interface CallAttempt {
  id: number;
  attemptKey: string;
  userId: string;
  /** A Fajr friend's call: the friend (userId is then the inviter); null otherwise. */
  friendId: string | null;
  kind: CallKind;
  callDate: string;
  workflowId: string;
  attempt: number;
  plannedAt: Date;
  placedAt: Date | null;
  answeredAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  /** How long it rang before it was answered, rejected or gave up, once the provider said. */
  ringSeconds: number | null;
  /** Whether the call asked for a key press, and when one came (the person proved they were awake). */
  awakeCheck: boolean;
  confirmedAt: Date | null;
  outcome: CallOutcome;
  answeredBy: string | null;
  provider: string;
  providerCallId: string | null;
  error: string | null;
  /** The caller account (number) that placed it; null for calls from before accounts were recorded. */
  callerAccount: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function fromRow(r: any): CallAttempt {
  return {
    id: r.id,
    attemptKey: r.attempt_key,
    userId: r.user_id,
    friendId: r.friend_id ?? null,
    kind: r.kind,
    callDate: r.call_date,
    workflowId: r.workflow_id,
    attempt: r.attempt,
    plannedAt: r.planned_at,
    placedAt: r.placed_at,
    answeredAt: r.answered_at,
    endedAt: r.ended_at,
    durationSeconds: r.duration_seconds,
    ringSeconds: r.ring_seconds ?? null,
    awakeCheck: !!r.awake_check,
    confirmedAt: r.confirmed_at ?? null,
    outcome: r.outcome,
    answeredBy: r.answered_by,
    provider: r.provider,
    providerCallId: r.provider_call_id,
    error: r.error,
    callerAccount: r.caller_account ?? null,
  };
}

/** The key a dial is recorded under: the owning workflow id and the attempt number. */
export const attemptKeyOf = (workflowId: string, attempt: number) => `${workflowId}#${attempt}`;

export async function findAttempt(db: Knex, attemptKey: string): Promise<CallAttempt | undefined> {
  const r = await db('call_attempts').where({ attempt_key: attemptKey }).first();
  return r ? fromRow(r) : undefined;
}

export async function findAttemptByProviderCall(
  db: Knex,
  provider: string,
  providerCallId: string,
): Promise<CallAttempt | undefined> {
  const r = await db('call_attempts').where({ provider, provider_call_id: providerCallId }).first();
  return r ? fromRow(r) : undefined;
}

/**
 * Records an attempt before dialling. Returns the row and whether this call created it: a row that
 * already existed means an earlier try may have dialled, so the caller asks the provider instead.
 */
export async function recordAttempt(
  db: Knex,
  a: Pick<
    CallAttempt,
    'attemptKey' | 'userId' | 'kind' | 'callDate' | 'workflowId' | 'attempt' | 'plannedAt' | 'provider'
  > & { awakeCheck?: boolean; friendId?: string; callerAccount?: string },
): Promise<{ attempt: CallAttempt; created: boolean }> {
  const [inserted] = await db('call_attempts')
    .insert({
      attempt_key: a.attemptKey,
      user_id: a.userId,
      kind: a.kind,
      call_date: a.callDate,
      workflow_id: a.workflowId,
      attempt: a.attempt,
      planned_at: a.plannedAt,
      provider: a.provider,
      outcome: 'pending',
      awake_check: a.awakeCheck ?? false,
      caller_account: a.callerAccount ?? null,
      ...(a.friendId ? { friend_id: a.friendId } : {}),
    })
    .onConflict('attempt_key')
    .ignore()
    .returning('*');
  if (inserted) return { attempt: fromRow(inserted), created: true };
  return { attempt: (await findAttempt(db, a.attemptKey))!, created: false };
}

/** The provider accepted the call: keep its id (set once). */
export async function markPlaced(db: Knex, attemptKey: string, providerCallId: string, placedAt: Date): Promise<void> {
  await db('call_attempts')
    .where({ attempt_key: attemptKey })
    .whereNull('provider_call_id')
    .update({ provider_call_id: providerCallId, placed_at: placedAt, outcome: 'ringing', updated_at: placedAt });
}

/** The person pressed a key during a call that asked for one: they are awake (the first press counts). */
export async function confirmAwake(db: Knex, attemptKey: string, at: Date): Promise<boolean> {
  const n = await db('call_attempts')
    .where({ attempt_key: attemptKey, awake_check: true })
    .whereNull('confirmed_at')
    .update({ confirmed_at: at, updated_at: at });
  return n > 0;
}

/** Whether an attempt woke the person: answered, and when the call asked for a key, with one pressed ("answered, not confirmed" did not). */
export const wokeBy = (a: Pick<CallAttempt, 'outcome' | 'awakeCheck' | 'confirmedAt'>) =>
  a.outcome === 'answered' && (!a.awakeCheck || a.confirmedAt !== null);

/** The call could not be placed. */
export async function markFailed(db: Knex, attemptKey: string, error: string, at: Date): Promise<void> {
  await db('call_attempts')
    .where({ attempt_key: attemptKey })
    .update({ outcome: 'failed', error: error.slice(0, 500), updated_at: at });
}

const FINAL: CallOutcome[] = ['answered', 'no-answer', 'busy', 'voicemail', 'failed', 'canceled'];
export const isFinalOutcome = (o: CallOutcome) => FINAL.includes(o);

/**
 * Applies the provider's word on a call. Idempotent: a final outcome is never overwritten, so a
 * repeated or late callback changes nothing.
 */
export async function applyOutcome(
  db: Knex,
  attemptKey: string,
  o: {
    outcome: CallOutcome;
    answeredBy: string | null;
    durationSeconds: number | null;
    ringSeconds?: number | null;
    providerCallId?: string;
  },
  at: Date,
): Promise<CallAttempt | undefined> {
  // The ring time is the provider's (a status callback does not carry it): kept whenever it is told, even on a final row.
  if (o.ringSeconds != null) {
    await db('call_attempts')
      .where({ attempt_key: attemptKey })
      .whereNull('ring_seconds')
      .update({ ring_seconds: o.ringSeconds });
  }
  const final = isFinalOutcome(o.outcome);
  const patch: Record<string, unknown> = { outcome: o.outcome, answered_by: o.answeredBy, updated_at: at };
  if (final) {
    patch.ended_at = at;
    patch.duration_seconds = o.durationSeconds ?? 0;
    if (o.outcome === 'answered') patch.answered_at = db.raw('coalesce(answered_at, ?)', [at]);
  }
  await db('call_attempts').where({ attempt_key: attemptKey }).whereNotIn('outcome', FINAL).update(patch);
  if (o.providerCallId) {
    await db('call_attempts')
      .where({ attempt_key: attemptKey })
      .whereNull('provider_call_id')
      .update({ provider_call_id: o.providerCallId, placed_at: db.raw('coalesce(placed_at, ?)', [at]) });
  }
  return findAttempt(db, attemptKey);
}

/** A user's call attempts between two local dates (inclusive), of the given kinds, in planned order. */
export async function listCalls(
  db: Knex,
  userId: string,
  from: string,
  to: string,
  kinds: CallKind[] = MORNING_KINDS,
): Promise<CallAttempt[]> {
  const rows = await db('call_attempts')
    .where({ user_id: userId })
    .whereIn('kind', kinds)
    .whereBetween('call_date', [from, to])
    .orderBy([
      { column: 'planned_at', order: 'asc' },
      { column: 'attempt', order: 'asc' },
    ]);
  return rows.map(fromRow);
}

/** The latest local date from `from` on whose day call (attempt 1) was recorded: the last day the user's chain handled, or null. */
export async function lastDayCalled(db: Knex, userId: string, from: string): Promise<string | null> {
  const row = await db('call_attempts')
    .where({ user_id: userId, kind: 'fajr' })
    .where('call_date', '>=', from)
    .max('call_date as last')
    .first();
  return (row?.last as string | null | undefined) ?? null;
}

/** A user's newest call of one kind (the test call the account page reports on), or undefined. */
export async function latestCall(db: Knex, userId: string, kind: CallKind): Promise<CallAttempt | undefined> {
  const row = await db('call_attempts')
    .where({ user_id: userId, kind })
    .orderBy([
      { column: 'planned_at', order: 'desc' },
      { column: 'attempt', order: 'desc' },
    ])
    .first();
  return row ? fromRow(row) : undefined;
}
