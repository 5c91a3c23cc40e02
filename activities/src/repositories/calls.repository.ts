import type { Knex } from 'knex';
import type { CallOutcome } from '../adapters/telephony/types';

export type CallKind = 'fajr' | 'repeat' | 'test';

/** One row of call_attempts: the idempotency record of a dial and the call log entry. */
export interface CallAttempt {
  id: number;
  attemptKey: string;
  userId: string;
  kind: CallKind;
  callDate: string;
  workflowId: string;
  attempt: number;
  plannedAt: Date;
  placedAt: Date | null;
  answeredAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  outcome: CallOutcome;
  answeredBy: string | null;
  provider: string;
  providerCallId: string | null;
  error: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function fromRow(r: any): CallAttempt {
  return {
    id: r.id, attemptKey: r.attempt_key, userId: r.user_id, kind: r.kind, callDate: r.call_date, workflowId: r.workflow_id,
    attempt: r.attempt, plannedAt: r.planned_at, placedAt: r.placed_at, answeredAt: r.answered_at, endedAt: r.ended_at,
    durationSeconds: r.duration_seconds, outcome: r.outcome, answeredBy: r.answered_by, provider: r.provider,
    providerCallId: r.provider_call_id, error: r.error,
  };
}

/** The key a dial is recorded under: the owning workflow id and the attempt number. */
export const attemptKeyOf = (workflowId: string, attempt: number) => `${workflowId}#${attempt}`;

export async function findAttempt(db: Knex, attemptKey: string): Promise<CallAttempt | undefined> {
  const r = await db('call_attempts').where({ attempt_key: attemptKey }).first();
  return r ? fromRow(r) : undefined;
}

export async function findAttemptByProviderCall(db: Knex, provider: string, providerCallId: string): Promise<CallAttempt | undefined> {
  const r = await db('call_attempts').where({ provider, provider_call_id: providerCallId }).first();
  return r ? fromRow(r) : undefined;
}

/**
 * Records an attempt before dialling. Returns the row and whether this call created it: a row that
 * already existed means an earlier try may have dialled, so the caller asks the provider instead.
 */
export async function recordAttempt(
  db: Knex,
  a: Pick<CallAttempt, 'attemptKey' | 'userId' | 'kind' | 'callDate' | 'workflowId' | 'attempt' | 'plannedAt' | 'provider'>,
): Promise<{ attempt: CallAttempt; created: boolean }> {
  const [inserted] = await db('call_attempts')
    .insert({
      attempt_key: a.attemptKey, user_id: a.userId, kind: a.kind, call_date: a.callDate, workflow_id: a.workflowId,
      attempt: a.attempt, planned_at: a.plannedAt, provider: a.provider, outcome: 'pending',
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

/** The call could not be placed. */
export async function markFailed(db: Knex, attemptKey: string, error: string, at: Date): Promise<void> {
  await db('call_attempts').where({ attempt_key: attemptKey }).update({ outcome: 'failed', error: error.slice(0, 500), updated_at: at });
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
  o: { outcome: CallOutcome; answeredBy: string | null; durationSeconds: number | null; providerCallId?: string },
  at: Date,
): Promise<CallAttempt | undefined> {
  const final = isFinalOutcome(o.outcome);
  const patch: Record<string, unknown> = { outcome: o.outcome, answered_by: o.answeredBy, updated_at: at };
  if (final) {
    patch.ended_at = at;
    patch.duration_seconds = o.durationSeconds ?? 0;
    if (o.outcome === 'answered') patch.answered_at = db.raw('coalesce(answered_at, ?)', [at]);
  }
  await db('call_attempts')
    .where({ attempt_key: attemptKey })
    .whereNotIn('outcome', FINAL)
    .update(patch);
  if (o.providerCallId) {
    await db('call_attempts').where({ attempt_key: attemptKey }).whereNull('provider_call_id').update({ provider_call_id: o.providerCallId, placed_at: db.raw('coalesce(placed_at, ?)', [at]) });
  }
  return findAttempt(db, attemptKey);
}

/**
 * Takes the next dial slot of a provider account, atomically across every worker:
 * slot = max(planned, previous slot + 1/cps). Returns the slot instant.
 */
export async function takePacerSlot(db: Knex, account: string, planned: Date, callsPerSecond: number): Promise<Date> {
  const intervalSeconds = 1 / callsPerSecond;
  // The row stores the next free slot; the upsert's row lock serialises concurrent takers.
  const { rows } = await db.raw(
    `insert into call_pacers (account, next_slot_at, updated_at)
     values (?, ?::timestamptz + make_interval(secs => ?), now())
     on conflict (account) do update
       set next_slot_at = greatest(call_pacers.next_slot_at, ?::timestamptz) + make_interval(secs => ?), updated_at = now()
     returning next_slot_at - make_interval(secs => ?) as slot`,
    [account, planned, intervalSeconds, planned, intervalSeconds, intervalSeconds],
  );
  return new Date(rows[0].slot);
}

/** Is a test call of this user still pending (recorded and not final)? */
export async function hasPendingTestCall(db: Knex, userId: string): Promise<boolean> {
  const r = await db('call_attempts').where({ user_id: userId, kind: 'test' }).whereNotIn('outcome', FINAL).first('id');
  return !!r;
}

/** A user's Fajr calls (not test calls) whose call date is in [from, to], oldest first: the monthly stats. */
/** A user's call attempts between two local dates (inclusive), of the given kinds, in planned order. */
export async function listCalls(
  db: Knex,
  userId: string,
  from: string,
  to: string,
  kinds: CallKind[] = ['fajr', 'repeat'],
): Promise<CallAttempt[]> {
  const rows = await db('call_attempts')
    .where({ user_id: userId })
    .whereIn('kind', kinds)
    .whereBetween('call_date', [from, to])
    .orderBy([{ column: 'planned_at', order: 'asc' }, { column: 'attempt', order: 'asc' }]);
  return rows.map(fromRow);
}
