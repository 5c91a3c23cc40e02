import type { Knex } from 'knex';

/**
 * One user's Fajr call on a date, as the morning report reads it: every attempt of the day together
 * (attempt 1, the ring-through, the second number, the repeat, and the last call before sunrise, whose
 * own workflow `sunrise-call:<user>:<date>` belongs to the day `fajr-call:<user>:<date>`).
 */
export interface MorningDay {
  userId: string;
  workflowId: string;
  /** City (the mosque's for mosque users) and zone the call was planned in. */
  place: string;
  zone: string;
  /** Provider account of its pacer slot (or the provider of its attempts when the slot was purged). */
  account: string;
  plannedAt: Date;
  attempts: number;
  placed: boolean;
  answered: boolean;
  failed: boolean;
  /** Every attempt has a final outcome. */
  final: boolean;
  /** When its last attempt was placed, and how late (s) that dial was behind its planned instant. */
  lastPlacedAt: Date | null;
  lastLatenessSeconds: number | null;
  /** The most any of its attempts was placed behind its planned instant (s). */
  maxLatenessSeconds: number | null;
  /** The day's last call before sunrise (issue 47 point 1), counted as its own kind: null when none was recorded. */
  sunrise: { placed: boolean; answered: boolean; final: boolean } | null;
}

/** The day call (fajr-call:<user>:<date>) an attempt belongs to: the sunrise call's own workflow id mapped onto it. */
const DAY_OF_ATTEMPT = `regexp_replace(a.workflow_id, '^sunrise-call:', 'fajr-call:')`;
const FINAL = `('answered', 'no-answer', 'busy', 'voicemail', 'failed', 'canceled')`;

/**
 * Every Fajr call of a local date (test calls aside): those dialled (call_attempts) and those armed
 * but never dialled (a pacer slot and no attempt: skipped, or not yet due). Pacer slots are kept two
 * days, so older dates show only dialled calls.
 */
export async function morningCalls(db: Knex, date: string): Promise<MorningDay[]> {
  const { rows } = await db.raw(
    `with armed as (
       select split_part(r.attempt_key, '#', 1) as wf, r.account, coalesce(r.planned_at, r.slot_at) as planned_at
         from call_pacer_reservations r
        where r.attempt_key like 'fajr-call:%' and split_part(r.attempt_key, '#', 2) = '1'
          and right(split_part(r.attempt_key, '#', 1), 10) = ?
     ),
     att as (
       select ${DAY_OF_ATTEMPT} as wf, a.user_id, a.attempt, a.kind, a.planned_at, a.placed_at, a.outcome, a.provider
         from call_attempts a
        where a.call_date = ? and a.kind in ('fajr', 'ring-through', 'second-number', 'repeat', 'sunrise')
     ),
     days as (select wf from armed union select wf from att)
     select d.wf as workflow_id,
            split_part(d.wf, ':', 2) as user_id,
            coalesce(m.city_name, p.city_name, '(no place)') as place,
            coalesce(m.tz_name, p.tz_name, '(no zone)') as zone,
            coalesce((select account from armed where armed.wf = d.wf), (select min(provider) from att where att.wf = d.wf)) as account,
            coalesce((select min(planned_at) from att where att.wf = d.wf and att.attempt = 1), (select planned_at from armed where armed.wf = d.wf)) as planned_at,
            (select count(*) from att where att.wf = d.wf)::int as attempts,
            coalesce((select bool_or(placed_at is not null) from att where att.wf = d.wf), false) as placed,
            coalesce((select bool_or(outcome = 'answered') from att where att.wf = d.wf), false) as answered,
            coalesce((select bool_or(outcome = 'failed') from att where att.wf = d.wf), false) as failed,
            coalesce((select bool_and(outcome in ${FINAL}) from att where att.wf = d.wf), false) as final,
            (select max(placed_at) from att where att.wf = d.wf) as last_placed_at,
            (select extract(epoch from placed_at - planned_at)::float from att where att.wf = d.wf and placed_at is not null order by placed_at desc limit 1) as last_lateness,
            (select max(extract(epoch from placed_at - planned_at))::float from att where att.wf = d.wf) as max_lateness,
            (select json_build_object('placed', placed_at is not null, 'answered', outcome = 'answered', 'final', outcome in ${FINAL})
               from att where att.wf = d.wf and att.kind = 'sunrise' limit 1) as sunrise
       from days d
       left join preferences p on p.user_id::text = split_part(d.wf, ':', 2)
       left join mosques m on m.id = p.mosque_id
      order by planned_at`,
    [date, date],
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (rows as any[]).map((r) => ({
    userId: r.user_id,
    workflowId: r.workflow_id,
    place: r.place,
    zone: r.zone,
    account: r.account,
    plannedAt: r.planned_at,
    attempts: r.attempts,
    placed: r.placed,
    answered: r.answered,
    failed: r.failed,
    final: r.final,
    lastPlacedAt: r.last_placed_at,
    lastLatenessSeconds: r.last_lateness,
    maxLatenessSeconds: r.max_lateness,
    sunrise: r.sunrise ?? null,
  }));
}
