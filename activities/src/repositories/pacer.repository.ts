import type { Knex } from 'knex';
import { oneAccountShape, pacerPlan, type CallerAccount } from '../domain/pacer';

// The pacer calendar (call_pacer_buckets, call_pacer_reservations): the per-second dial slots every worker
// shares, per provider account (docs/CALLS.md).

/** A reserved slot older than this when its attempt comes back (a retry, a handed-over call) is given up for a fresh one. */
export const PACER_SLOT_GRACE_MS = 2_000;
/** Calendar buckets and reservations older than this are purged (a call's day is long over). */
const PACER_KEEP = '2 days';

/** The slot an attempt holds in the pacer calendar, if it reserved one. */
export async function heldPacerSlot(db: Knex, attemptKey: string): Promise<Date | undefined> {
  const row = await db('call_pacer_reservations').where({ attempt_key: attemptKey }).first('slot_at');
  return row?.slot_at;
}

/**
 * Reserves the dial slot of one attempt in the account's calendar, atomically across workers:
 * the first bucket starting at or after `from` that still has room; slot = bucket + k / C for the
 * bucket's k-th taker, never before `now`. Idempotent per attempt key: an attempt that already holds
 * a slot for the same planned instant gets it back, unless that slot is more than PACER_SLOT_GRACE_MS
 * before `now` (the attempt was handed over or retried too late to use it), when it takes a fresh one
 * at or after `now`: dialling on a stale slot could exceed the cap. A day re-planned for another
 * instant (same attempt key: the skipped call's day is planned again) takes a new slot. Correct in whatever order calls reserve: a call never takes a slot before its
 * planned instant, and never more than C calls share a second (or one bucket below 1 call/s).
 *
 * With several caller accounts (`callers`, issue 20) the calendar's buckets hold every account's
 * slots merged by time (domain/pacer.ts, pacerPlan): the k-th taker of a second gets the k-th
 * earliest slot and the account it belongs to (`callerAccount`), kept with the reservation so a
 * retry reuses both. `callsPerSecond` alone is one account (callerAccount then undefined).
 *
 * `pinTo` (one of `callers`' numbers) takes a slot of that account only: the Do Not Disturb
 * ring-through must come from attempt 1's number, since a phone's "repeated calls" exception counts
 * the same caller only. In the first bucket that still holds one of that account's slots after its
 * takers so far, it takes the next such slot; the other accounts' slots it passes over stay empty
 * (a gap, as a skipped call leaves). Every slot still sits at its account's offset, so no account
 * goes above its rate, and a bucket's slots are still taken in time order. With one account there is
 * nothing to pin to.
 *
 * `position` is the slot's place among its bucket's (0 = the first): how many calls of the same
 * bucket dial before it. A reused slot's is worked out from its offset (to a millisecond: within a
 * few places at very high rates, which is all the dial's staggered re-check needs).
 */
export async function reservePacerSlot(
  db: Knex,
  r: {
    account: string;
    attemptKey: string;
    planned: Date;
    callsPerSecond?: number;
    callers?: CallerAccount[];
    pinTo?: string;
    now: Date;
    armAt?: Date;
  },
): Promise<{ slot: Date; reused: boolean; callerAccount?: string; position: number }> {
  const callers = r.callers ?? [{ number: '', callsPerSecond: r.callsPerSecond ?? 1 }];
  // One account: slot k of a bucket is at k / C, worked out in SQL; several: their merged list.
  const one = callers.length === 1 ? callers[0]! : undefined;
  const plan = one ? undefined : pacerPlan(callers);
  const slots = plan?.slots ?? [];
  // next[t] (1-based, as Postgres arrays), several accounts only: how many slots of a bucket are taken
  // once a taker joins the t - 1 before it, i.e. the index of the slot it gets. Unpinned: the next
  // slot (t). Pinned: the next slot of that account, and a bucket is full for it after its last one.
  const pinned = r.pinTo !== undefined && slots.some((x) => x.account === r.pinTo);
  const next = slots.map((_, t) => (pinned ? slots.findIndex((x, i) => i >= t && x.account === r.pinTo) + 1 : t + 1));
  const { widthSeconds, capacity } = one
    ? oneAccountShape(one.callsPerSecond)
    : {
        widthSeconds: plan!.widthSeconds,
        capacity: pinned ? slots.map((x) => x.account).lastIndexOf(r.pinTo!) + 1 : slots.length,
      };
  const widthMs = widthSeconds * 1000;
  const held = await db('call_pacer_reservations')
    .where({ attempt_key: r.attemptKey })
    .first('slot_at', 'account', 'planned_at', 'caller_account');
  if (
    held &&
    held.account === r.account &&
    held.planned_at?.getTime() === r.planned.getTime() &&
    held.slot_at.getTime() >= r.now.getTime() - PACER_SLOT_GRACE_MS
  ) {
    const offsetSeconds = (held.slot_at.getTime() % widthMs) / 1000;
    const position = one
      ? Math.round(offsetSeconds * one.callsPerSecond)
      : Math.max(
          0,
          slots.findIndex((x) => x.offsetSeconds >= offsetSeconds - 0.0005),
        );
    return { slot: held.slot_at, reused: true, callerAccount: held.caller_account ?? undefined, position };
  }
  // Never a slot in the past: a call armed late (or handed over late) must not go out at once beside the others.
  const fromMs = Math.max(r.planned.getTime(), r.now.getTime());
  const first = new Date(Math.ceil(fromMs / widthMs) * widthMs); // the first bucket starting at or after `from`
  const nextLiteral = `{${next.join(',')}}`; // Postgres array literals: knex would spread a JS array into several bindings.
  for (let tries = 0; tries < 100; tries += 1) {
    // The first bucket with room is `first` itself or the one right after a full bucket whose next is
    // not full; the conditional upsert takes it unless a concurrent taker filled it first (then retry).
    const { rows } = await db.raw(reserveSql(one !== undefined), [
      first,
      r.account,
      first,
      capacity,
      widthSeconds,
      r.account,
      first,
      capacity,
      widthSeconds,
      capacity,
      r.account,
      ...(one ? [] : [nextLiteral, nextLiteral]),
      capacity,
      r.attemptKey,
      r.account,
      one ? one.callsPerSecond : `{${slots.map((x) => x.offsetSeconds).join(',')}}`,
      r.planned,
      one ? one.number : `{${slots.map((x) => `"${x.account}"`).join(',')}}`,
      r.armAt ?? null,
    ]);
    const row = rows[0];
    if (!row) continue; // lost the race for the last slot of that bucket: look again
    // A new bucket opened (once per second of calls at most; a pinned taker may purge once more): purge what is long over.
    if (row.taken === (one ? 1 : next[0])) await purgePacer(db, r.account);
    return {
      slot: new Date(row.slot_at),
      reused: false,
      callerAccount: row.caller_account ?? undefined,
      position: row.taken - 1,
    };
  }
  throw new Error(`no free pacer slot found for ${r.account} after 100 tries`);
}

/**
 * How many calls a second the workers armed in the slowest crowded arming of the last `withinHours`
 * (null when none). A crowded arming: at least `minCalls` day's calls due to be armed at one instant
 * (one place's minute: same call instant and lead). Its rate: every call armed (any place's) from
 * that instant until the group's last was armed, over that span (at least a second): the workers'
 * throughput then, not the group's share of it, so a small group armed beside a large one does not
 * make every lead long. A retry's re-reservation keeps armed_at.
 */
export async function slowestArmingRate(
  db: Knex,
  r: { minCalls: number; withinHours: number },
): Promise<number | null> {
  const { rows } = await db.raw(
    `with crowded as (
       select arm_at, max(armed_at) as last_armed from call_pacer_reservations
        where arm_at is not null and arm_at >= now() - make_interval(hours => ?) and armed_at is not null
        group by arm_at having count(*) >= ?
     )
     select min((select count(*) from call_pacer_reservations x where x.armed_at between g.arm_at and g.last_armed)::float8
                / greatest(extract(epoch from g.last_armed - g.arm_at), 1)) as rate
       from crowded g`,
    [r.withinHours, r.minCalls],
  );
  const rate = rows[0]?.rate;
  return rate === null || rate === undefined ? null : Number(rate);
}

async function purgePacer(db: Knex, account: string): Promise<void> {
  await db.raw(`delete from call_pacer_buckets where account = ? and bucket_at < now() - interval '${PACER_KEEP}'`, [
    account,
  ]);
  await db.raw(`delete from call_pacer_reservations where updated_at < now() - interval '${PACER_KEEP}'`);
}

/**
 * What the pacer calendar holds per account now, for the metrics: calls armed (a future slot, no
 * attempt recorded yet), those the cap moved past their planned instant, and how far behind the last lies.
 */
export async function pacerSnapshot(
  db: Knex,
  now: Date,
): Promise<{ account: string; armed: number; backlog: number; backlogSeconds: number }[]> {
  const { rows } = await db.raw(
    `select r.account,
            count(*)::int as armed,
            (count(*) filter (where r.slot_at > r.planned_at + interval '1 second'))::int as backlog,
            coalesce(max(extract(epoch from (r.slot_at - r.planned_at))), 0)::float as backlog_seconds
       from call_pacer_reservations r
      where r.slot_at > ?
        and not exists (select 1 from call_attempts a where a.attempt_key = r.attempt_key)
      group by r.account`,
    [now],
  );
  return (rows as { account: string; armed: number; backlog: number; backlog_seconds: number }[]).map((r) => ({
    account: r.account,
    armed: r.armed,
    backlog: r.backlog,
    backlogSeconds: Math.max(0, r.backlog_seconds),
  }));
}

/**
 * reservePacerSlot's query: takes a slot in the first bucket with room and records the reservation.
 * `one`: a single account, whose slot k of a bucket is at k / C; else the accounts' merged slot list.
 */
function reserveSql(one: boolean): string {
  return `with candidate as (
         select min(b) as bucket_at from (
           select ?::timestamptz as b
            where not exists (select 1 from call_pacer_buckets f where f.account = ? and f.bucket_at = ?::timestamptz and f.taken >= ?)
           union all
           select f.bucket_at + make_interval(secs => ?) from call_pacer_buckets f
            where f.account = ? and f.bucket_at >= ? and f.taken >= ?
              and not exists (select 1 from call_pacer_buckets g where g.account = f.account and g.bucket_at = f.bucket_at + make_interval(secs => ?) and g.taken >= ?)
         ) gaps
       ), took as (
         insert into call_pacer_buckets as p (account, bucket_at, taken)
         select ?, bucket_at, ${one ? '1' : '(?::int[])[1]'} from candidate
         on conflict (account, bucket_at) do update set taken = ${one ? 'p.taken + 1' : '(?::int[])[p.taken + 1]'} where p.taken < ?
         returning p.bucket_at, p.taken
       )
       insert into call_pacer_reservations as r0 (attempt_key, account, slot_at, planned_at, caller_account, updated_at, arm_at, armed_at)
       select ?, ?, took.bucket_at + make_interval(secs => ${one ? '(took.taken - 1) / ?::float8' : '(?::float8[])[took.taken]'}), ?::timestamptz,
              nullif(${one ? '?::text' : '(?::text[])[took.taken]'}, ''), now(), ?::timestamptz, now() from took
       on conflict (attempt_key) do update
         set account = excluded.account, slot_at = excluded.slot_at, planned_at = excluded.planned_at,
             caller_account = excluded.caller_account, updated_at = excluded.updated_at,
             -- A retry's re-reservation keeps when the call was armed; a day re-planned for another instant is armed anew.
             arm_at = case when r0.planned_at is distinct from excluded.planned_at then excluded.arm_at else r0.arm_at end,
             armed_at = case when r0.planned_at is distinct from excluded.planned_at then excluded.armed_at else r0.armed_at end
       returning slot_at, caller_account, (select taken from took) as taken`;
}
