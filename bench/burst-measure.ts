import type { DateTime } from 'luxon';
import type { Knex } from '@fajr/activities';
import { fmt, summary } from './lib';

/** A burst scenario's pacer reservations: made after its chains started (the previous scenario's were made before). */
export const scenarioReservations = (db: Knex, startedAt: number) =>
  db('call_pacer_reservations')
    .where('attempt_key', 'like', 'fajr-call:%')
    .where('updated_at', '>=', new Date(startedAt));

/**
 * What a burst did, read from the database once it is over: each number's calls, the attempts logged,
 * how late each first call was, how far each dial was behind its own slot, and how fast the minute was armed.
 */
export async function measureBurst(
  db: Knex,
  users: { id: string; phone: string }[],
  target: DateTime,
  startedAt: number,
) {
  const n = users.length;
  const phones = users.map((u) => u.phone);
  const ours = () => scenarioReservations(db, startedAt);
  const calls: { to_number: string; created_at: Date }[] = await db('local_phone_calls')
    .whereIn('to_number', phones)
    .select('to_number', 'created_at');
  const attempts: { user_id: string; n: number }[] = await db('call_attempts')
    .whereIn(
      'user_id',
      users.map((u) => u.id),
    )
    .where({ kind: 'fajr' })
    .groupBy('user_id')
    .select('user_id', db.raw('count(*)::int as n'));
  const perPhone = new Map<string, Date[]>();
  for (const c of calls) perPhone.set(c.to_number, [...(perPhone.get(c.to_number) ?? []), c.created_at]);
  const firstPlaced = [...perPhone.values()].map((d) => Math.min(...d.map((x) => x.getTime())));
  const lateness = firstPlaced.map((t) => (t - target.toMillis()) / 1000);
  const s = summary(lateness);
  const span = (Math.max(...firstPlaced) - Math.min(...firstPlaced)) / 1000;
  const slots: { last: Date | null }[] = await ours().max({ last: 'slot_at' });
  // The dial's own precision: each call's provider stamp behind its reserved slot, and when the provider's answer was logged (placed_at).
  const { rows: behind } = await db.raw<{
    rows: { slot_ms: number; placed_ms: number | null; armed_in_time: boolean }[];
  }>(
    `select extract(epoch from (min(c.created_at) - r.slot_at)) * 1000 as slot_ms, extract(epoch from (a.placed_at - r.slot_at)) * 1000 as placed_ms,
            bool_and(r.updated_at < r.slot_at) as armed_in_time
       from call_pacer_reservations r join call_attempts a using (attempt_key) join local_phone_calls c on c.params->>'attemptKey' = r.attempt_key
      where a.user_id = any(?) and a.kind = 'fajr' group by r.attempt_key, r.slot_at, a.placed_at`,
    [users.map((u) => u.id)],
  );
  const behindSlot = summary(behind.map((b) => Number(b.slot_ms) / 1000));
  // Calls whose slot was reserved before it came (armed in time): what the dial itself controls.
  const inTime = behind.filter((b) => b.armed_in_time);
  const inTimeBehindSlot = summary(inTime.map((b) => Number(b.slot_ms) / 1000));
  const placedBehindSlot = summary(behind.filter((b) => b.placed_ms !== null).map((b) => Number(b.placed_ms) / 1000));
  const lastSlotSeconds = slots[0]?.last ? (new Date(slots[0].last).getTime() - target.toMillis()) / 1000 : NaN;
  // How fast this minute was armed (what the planner will measure from it), and how many calls were armed after their instant.
  const [arming] = await ours()
    .whereNotNull('arm_at')
    .select(
      db.raw('count(*)::int as calls'),
      db.raw('extract(epoch from max(armed_at) - min(arm_at)) as seconds'),
      db.raw('count(*) filter (where armed_at > planned_at)::int as late'),
    );
  const armedPerSecond = arming ? arming.calls / Math.max(1, Number(arming.seconds)) : NaN;
  return {
    armedPerSecond,
    armedAfterInstant: arming?.late ?? NaN,
    placed: perPhone.size,
    missed: n - perPhone.size,
    duplicates: calls.length - perPhone.size,
    attemptsLoggedTwice: attempts.filter((a) => a.n > 1).length,
    attemptsNotLogged: n - attempts.length,
    latenessSeconds: s,
    lastCallSeconds: s.max,
    firstToLastSeconds: span,
    placedPerSecond: span > 0 ? perPhone.size / span : null,
    lastSlotSeconds,
    providerStampBehindSlotSeconds: behindSlot,
    armedInTimeBehindSlotSeconds: inTimeBehindSlot,
    placedLoggedBehindSlotSeconds: placedBehindSlot,
    armedInTime: inTime.length,
  };
}

/** The raw result of a scenario, its figures in the order the result files have always listed them. */
export function burstResult(
  m: Awaited<ReturnType<typeof measureBurst>>,
  /** What was sampled while the burst ran (CPU seconds by process, calls armed, the worker's largest RSS). */
  w: {
    cpuBurst: Record<string, number>;
    cpuArmed: Record<string, number>;
    reservedAtWindow: number;
    reservedAtTarget: number;
    maxWorkerRss: number;
  },
  /** CPU milliseconds per call placed by process: from the instant until the last call settled, and over the whole scenario. */
  cpuMs: { burst: Record<string, number>; scenario: Record<string, number> },
  o: {
    users: number;
    callsPerSecond: number | 'uncapped';
    boundSeconds: number | null;
    armLeadSeconds: number;
    armingRateCountedOn: number;
    chainStartSeconds: number;
    server: string;
    /** Where the local provider ran: its own process, or inside the worker. */
    provider: string;
  },
) {
  return {
    users: o.users,
    callsPerSecond: o.callsPerSecond,
    boundSeconds: o.boundSeconds,
    armLeadSeconds: o.armLeadSeconds,
    armingRateCountedOn: o.armingRateCountedOn,
    armedPerSecond: m.armedPerSecond,
    armedAfterInstant: m.armedAfterInstant,
    chainStartSeconds: o.chainStartSeconds,
    placed: m.placed,
    missed: m.missed,
    duplicates: m.duplicates,
    attemptsLoggedTwice: m.attemptsLoggedTwice,
    attemptsNotLogged: m.attemptsNotLogged,
    latenessSeconds: m.latenessSeconds,
    lastCallSeconds: m.lastCallSeconds,
    firstToLastSeconds: m.firstToLastSeconds,
    placedPerSecond: m.placedPerSecond,
    cpuSecondsDuringBurst: w.cpuBurst,
    cpuMsPerCall: cpuMs,
    provider: o.provider,
    armedAtWindowStart: w.reservedAtWindow,
    armedAtInstant: w.reservedAtTarget,
    cpuSecondsArmedWindow: w.cpuArmed,
    lastSlotSeconds: m.lastSlotSeconds,
    workerMaxRssMiB: w.maxWorkerRss,
    server: o.server,
    providerStampBehindSlotSeconds: m.providerStampBehindSlotSeconds,
    armedInTimeBehindSlotSeconds: m.armedInTimeBehindSlotSeconds,
    placedLoggedBehindSlotSeconds: m.placedLoggedBehindSlotSeconds,
  };
}

/** The scenario's report: calls placed and missed, lateness against N / C, the dial behind its slot, arming speed and CPU. */
export function burstReport(
  tag: string,
  o: {
    r: ReturnType<typeof burstResult>;
    n: number;
    bound: number;
    capped: boolean;
    slowest: number | null;
    armedInTime: number;
    armedWindowS: number;
  },
): string[] {
  const { r, n, bound } = o;
  const s = r.latenessSeconds;
  const behindSlot = r.providerStampBehindSlotSeconds;
  const inTimeBehindSlot = r.armedInTimeBehindSlotSeconds;
  const placedBehindSlot = r.placedLoggedBehindSlotSeconds;
  const cpuList = (cpu: Record<string, number>) =>
    Object.entries(cpu)
      .map(([p, v]) => `${p} ${fmt(v, 1)}`)
      .join(', ');
  return [
    `${tag}: placed ${r.placed}/${n}, missed ${r.missed}, duplicates ${r.duplicates}, logged twice ${r.attemptsLoggedTwice}, not logged ${r.attemptsNotLogged}`,
    `${tag}: lateness p50 ${fmt(s.p50)} s, p99 ${fmt(s.p99)} s, max (last call) ${fmt(s.max)} s` +
      (o.capped
        ? ` vs bound N/C = ${fmt(bound, 1)} s (target last ≤ ${fmt(1.05 * bound, 1)} s, p99 ≤ ${fmt(bound + 2, 1)} s)`
        : ''),
    `${tag}: behind its own slot: reached the provider p50 ${fmt(behindSlot.p50 * 1000, 0)} ms, p99 ${fmt(behindSlot.p99 * 1000, 0)} ms, max ${fmt(behindSlot.max * 1000, 0)} ms (target p99 ≤ 100 ms); the ${o.armedInTime} armed before their slot: p50 ${fmt(inTimeBehindSlot.p50 * 1000, 0)} ms, p99 ${fmt(inTimeBehindSlot.p99 * 1000, 0)} ms, max ${fmt(inTimeBehindSlot.max * 1000, 0)} ms; provider's answer logged p50 ${fmt(placedBehindSlot.p50 * 1000, 0)} ms, p99 ${fmt(placedBehindSlot.p99 * 1000, 0)} ms`,
    `${tag}: first→last call ${fmt(r.firstToLastSeconds)} s = ${fmt(r.placedPerSecond ?? NaN, 1)} calls/s; chains started in ${fmt(r.chainStartSeconds, 1)} s; worker max RSS ${r.workerMaxRssMiB} MiB`,
    `${tag}: arm lead ${r.armLeadSeconds} s (arming rate counted on ${fmt(r.armingRateCountedOn, 1)}/s${o.slowest === null ? '' : `, slowest measured ${fmt(o.slowest, 1)}/s`}); armed ${fmt(r.armedPerSecond, 1)} calls/s; ${r.armedAfterInstant} armed after their instant`,
    `${tag}: CPU seconds during the burst: ${cpuList(r.cpuSecondsDuringBurst)}`,
    `${tag}: CPU-ms per call (provider ${r.provider}), from the instant until the last call settled: ${cpuList(r.cpuMsPerCall.burst)}; whole scenario (start, plan, arm, dial, settle): ${cpuList(r.cpuMsPerCall.scenario)}`,
    `${tag}: armed (slot reserved) ${r.armedAtWindowStart} at −${o.armedWindowS} s, ${r.armedAtInstant} at the instant; last slot +${fmt(r.lastSlotSeconds)} s; ` +
      `CPU seconds over the ${o.armedWindowS} s before the instant (armed, waiting): ${cpuList(r.cpuSecondsArmedWindow)}`,
  ];
}
