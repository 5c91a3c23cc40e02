import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { TimetableGap } from './repositories/timetable-gaps.repository';

// The product's Prometheus metrics (prom-client), in a registry of their own that only the worker
// serves (the API process loads the activities too, and must not show empty call counters). Each event in the
// call path is one call into this module, so the activities stay readable. Labels are bounded: a
// provider account key, a call kind, an outcome or reason from a fixed list, a provider error code;
// never a user id, phone number or workflow id (those are in the logs and the Temporal UI).

/** Why a placed attempt counts as missed (the CallOutcome values that are not answered or failed). */
/** The registry of the call and code metrics (the worker serves it beside the default one). */
export const productRegistry = new Registry();

export type MissedReason = 'no-answer' | 'busy' | 'voicemail' | 'canceled' | 'not-confirmed';

const placed = new Counter({
  name: 'fajr_calls_placed_total',
  help: 'Call attempts the provider accepted',
  labelNames: ['account', 'kind'] as const,
  registers: [productRegistry],
});
const answered = new Counter({
  name: 'fajr_calls_answered_total',
  help: 'Call attempts answered by a person',
  labelNames: ['kind'] as const,
  registers: [productRegistry],
});
const missed = new Counter({
  name: 'fajr_calls_missed_total',
  help: 'Call attempts placed but not answered, by reason (no-answer, busy, voicemail, canceled, not-confirmed)',
  labelNames: ['kind', 'reason'] as const,
  registers: [productRegistry],
});
const failed = new Counter({
  name: 'fajr_calls_failed_total',
  help: "Call attempts that could not be placed or whose status never became known, by the provider's error code (or not-placed / status-unknown / provider-failed)",
  labelNames: ['kind', 'error'] as const,
  registers: [productRegistry],
});
const skipped = new Counter({
  name: 'fajr_calls_skipped_total',
  help: 'Armed calls not dialled because they were no longer wanted, by reason',
  labelNames: ['kind', 'reason'] as const,
  registers: [productRegistry],
});
const providerErrors = new Counter({
  name: 'fajr_telephony_provider_errors_total',
  help: 'Errors the telephony provider answered a dial with (each try, retried or not)',
  labelNames: ['account', 'code', 'retryable'] as const,
  registers: [productRegistry],
});
const lateness = new Histogram({
  name: 'fajr_call_dial_lateness_seconds',
  help: 'Dial instant minus the planned instant, per dialled attempt',
  labelNames: ['account', 'kind'] as const,
  registers: [productRegistry],
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
});
const providerQueue = new Histogram({
  name: 'fajr_call_provider_queue_seconds',
  help: "How long the provider holds a placed call in its account's queue before dialling (Twilio's QueueTime: the account's calls per second exceeded)",
  labelNames: ['account'] as const,
  registers: [productRegistry],
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
});
const armedLate = new Counter({
  name: 'fajr_calls_armed_late_total',
  help: 'Calls armed after their planned instant (arming slower than the lead assumed, or the workers stopped): they leave late',
  labelNames: ['kind'] as const,
  registers: [productRegistry],
});
const armingRate = new Gauge({
  name: 'fajr_call_arming_rate',
  help: "Calls a second this worker's planner counts on arming (CALL_ARMING_RATE, or less when measured slower); a crowded minute's lead grows by N / this",
  registers: [productRegistry],
});
const codesSent = new Counter({
  name: 'fajr_one_time_codes_sent_total',
  help: 'One-time codes handed to the SMS or e-mail provider',
  labelNames: ['channel', 'purpose'] as const,
  registers: [productRegistry],
});
const codesFailed = new Counter({
  name: 'fajr_one_time_codes_failed_total',
  help: 'One-time codes the SMS or e-mail provider refused or could not take (the activity retries)',
  labelNames: ['channel', 'purpose'] as const,
  registers: [productRegistry],
});

/** A provider error code as a label: Twilio's numeric codes and our adapters' names are a closed set; anything else is "other". */
function codeLabel(code: unknown): string {
  if (typeof code === 'number' && Number.isInteger(code)) return String(code);
  if (typeof code === 'string' && /^[\w-]{1,32}$/.test(code)) return code;
  return code === undefined || code === null ? 'none' : 'other';
}

/** The call path's events, one function each. */
export const callMetrics = {
  /** The provider accepted an attempt dialled at `dialledAt` for `plannedAt`. */
  placed(e: { account: string; kind: string; plannedAt: Date | string; dialledAt: Date; queueMs?: number }): void {
    placed.inc({ account: e.account, kind: e.kind });
    if (e.queueMs !== undefined) providerQueue.observe({ account: e.account }, e.queueMs / 1000);
    lateness.observe(
      { account: e.account, kind: e.kind },
      Math.max(0, (e.dialledAt.getTime() - new Date(e.plannedAt).getTime()) / 1000),
    );
  },
  /** An attempt reached its final outcome (answered, a missed reason, or 'failed' when the provider reported the call failed). */
  ended(kind: string, outcome: string, confirmed: boolean | null = null): void {
    // Answered without the awake check's key press: not woken (docs/CALLS.md).
    if (outcome === 'answered' && confirmed === false) missed.inc({ kind, reason: 'not-confirmed' });
    else if (outcome === 'answered') answered.inc({ kind });
    else if (outcome === 'failed') failed.inc({ kind, error: 'provider-failed' });
    else missed.inc({ kind, reason: outcome });
  },
  /** An attempt could not be placed (provider error code) or its status never became known. */
  failed(kind: string, error: unknown): void {
    failed.inc({ kind, error: codeLabel(error) });
  },
  /** An armed call was not dialled: no longer wanted (reason from the re-check). */
  skipped(kind: string, reason: string): void {
    skipped.inc({ kind, reason });
  },
  /** A call was armed after its planned instant. */
  armedLate(kind: string): void {
    armedLate.inc({ kind });
  },
  /** The arming rate the planner now counts on. */
  armingRate(callsPerSecond: number): void {
    armingRate.set(callsPerSecond);
  },
  /** The provider answered a dial with an error. */
  providerError(account: string, code: unknown, retryable: boolean): void {
    providerErrors.inc({ account, code: codeLabel(code), retryable: String(retryable) });
  },
};

/** The one-time codes' events. */
export const codeMetrics = {
  sent(channel: string, purpose: string): void {
    codesSent.inc({ channel, purpose });
  },
  failed(channel: string, purpose: string): void {
    codesFailed.inc({ channel, purpose });
  },
};

/** What the pacer calendar holds per provider account at a moment (read from Postgres at scrape time). */
export interface PacerSnapshot {
  account: string;
  /** Calls holding a future slot and not yet dialled: armed, waiting for their instant. */
  armed: number;
  /** Of those, the calls the rate cap moved past their planned instant (slot later than planned). */
  backlog: number;
  /** How far behind its planned instant the last reserved slot lies (s): how late the cap makes the queue's end. */
  backlogSeconds: number;
}

/**
 * Gauges filled from one snapshot: the first collect of a scrape starts the read, the others share
 * it, and it is kept `holdMs` after it settles (so a scrape reads once, however many gauges).
 */
function snapshotGauges<S, L extends string>(
  read: () => Promise<S[]>,
  {
    holdMs,
    labelNames,
    labelsOf,
    registry,
  }: { holdMs: number; labelNames: readonly L[]; labelsOf: (s: S) => Record<L, string>; registry: Registry },
  gauges: [name: string, help: string, pick: (s: S) => number][],
): void {
  let last: Promise<S[]> | undefined;
  const snapshot = () => (last ??= read().finally(() => setTimeout(() => (last = undefined), holdMs).unref()));
  for (const [name, help, pick] of gauges) {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        for (const s of await snapshot()) this.set(labelsOf(s), pick(s));
      },
    });
  }
}

/**
 * Registers the gauges of armed calls and pacer backlog per account, read at each scrape from the
 * shared calendar (so every worker reports the same cluster-wide figure: take max() across workers).
 */
export function trackPacer(read: () => Promise<PacerSnapshot[]>, registry: Registry = productRegistry): void {
  // An account once reported stays at 0 when its calls are all dialled: a series that vanished would
  // read as "no data" on the dashboard, not as an empty queue.
  const seen = new Set<string>();
  const withIdle = (snapshots: PacerSnapshot[]) => {
    for (const s of snapshots) seen.add(s.account);
    const busy = new Set(snapshots.map((s) => s.account));
    return [
      ...snapshots,
      ...[...seen].filter((a) => !busy.has(a)).map((account) => ({ account, armed: 0, backlog: 0, backlogSeconds: 0 })),
    ];
  };
  snapshotGauges(
    () => read().then(withIdle),
    { holdMs: 1000, labelNames: ['account'], labelsOf: (s) => ({ account: s.account }), registry },
    [
      [
        'fajr_calls_armed',
        'Calls armed (a pacer slot reserved in the future) and not yet dialled, per provider account',
        (s) => s.armed,
      ],
      [
        'fajr_pacer_backlog_calls',
        'Armed calls whose pacer slot is later than their planned instant (held back by the rate cap)',
        (s) => s.backlog,
      ],
      [
        'fajr_pacer_backlog_seconds',
        'How far behind its planned instant the last reserved pacer slot lies',
        (s) => s.backlogSeconds,
      ],
    ],
  );
}

/** A timetable with users that lacks days soon, as the gauges below need it. */
export type TimetableGapSnapshot = Pick<TimetableGap, 'kind' | 'id' | 'label' | 'users' | 'missingDays'>;

/**
 * Registers the gauges of timetables with users that lack days in the coming two weeks (their users
 * get no call on those days), read from the database at most once a minute: timetables change when an
 * operator imports one. Labelled by the timetable (a catalogue entry, never a user); a timetable with
 * every day drops out, so the alert on them clears.
 */
export function trackTimetableGaps(
  read: () => Promise<TimetableGapSnapshot[]>,
  registry: Registry = productRegistry,
): void {
  const labelsOf = (g: TimetableGapSnapshot) => ({ kind: g.kind, timetable: g.label, id: g.id });
  snapshotGauges(read, { holdMs: 60_000, labelNames: ['kind', 'timetable', 'id'], labelsOf, registry }, [
    [
      'fajr_timetable_missing_days',
      'Days of the next two weeks a timetable users are called by lacks (no call for them on those days)',
      (g) => g.missingDays,
    ],
    [
      'fajr_timetable_gap_users',
      'Users with calls on who are called by a timetable that lacks days in the next two weeks',
      (g) => g.users,
    ],
  ]);
}

/**
 * Registers the gauge of accounts whose numbers cost more this month than PHONE_MONTHLY_BUDGET_USD
 * (their wake-up calls go on; optional sends wait), read from the database at most every 5 minutes: it
 * sums the month's calls of every account, and the alert waits 15 minutes anyway.
 */
export function trackPhoneBudget(read: () => Promise<number>, registry: Registry = productRegistry): void {
  snapshotGauges(() => read().then((n) => [n]), { holdMs: 300_000, labelNames: [], labelsOf: () => ({}), registry }, [
    [
      'fajr_phone_accounts_over_budget',
      "Accounts whose texts and calls this month cost more than the monthly phone budget (the cost table's prices)",
      (n) => n,
    ],
  ]);
}

/**
 * Registers the gauge of shipped published tables (JAKIM zones, Islamiska förbundet's cities) within
 * 60 days of their last date (FajrShippedTimetableRunningOut), read at most every 10 minutes: days left
 * per table (0 or less: ran out, its users are on the method). Tables with more left drop out.
 */
export function trackShippedTimetables(
  read: () => Promise<{ id: string; label: string; daysLeft: number }[]>,
  registry: Registry = productRegistry,
): void {
  const labelsOf = (t: { id: string; label: string }) => ({ timetable: t.label, id: t.id });
  snapshotGauges(read, { holdMs: 600_000, labelNames: ['timetable', 'id'], labelsOf, registry }, [
    [
      'fajr_shipped_timetable_days_left',
      'Days left in a shipped published table within 60 days of its end',
      (t) => t.daysLeft,
    ],
  ]);
}

export { serveMetrics } from './metrics-server';
