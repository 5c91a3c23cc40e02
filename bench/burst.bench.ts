import { postgresCpu, postmasterPid } from './proc';
import { DateTime } from 'luxon';
import { freePort } from '@fajr/scripts/lib/ports';
import { stopChild } from '@fajr/scripts/lib/temporal-dev-server';
import { DEFAULT_CALL_ARMING_RATE } from '@fajr/activities';
import { readArmingRate } from '@fajr/activities/calls/calls.activities';
import {
  cpuOf,
  cpuProfArgs,
  fmt,
  machine,
  processSupervisor,
  REPO,
  rssMiB,
  runBench,
  seedUsers,
  sleep,
  startCallBenchServers,
  summary,
  NODE_TS,
  writeResult,
  benchEnv,
  startChains,
  onEachServer,
  type BenchServerKind,
} from './lib';
import { atMosque, seedMosqueAt } from './seed';

/**
 * `npm run bench:burst`: N users whose Fajr calls fall in the same minute (one mosque's jamaah),
 * through the real workflows: worker and API processes, the Temporal dev server on a persisted
 * SQLite file, Postgres, the local telephony provider. Scenarios as BENCH_SCENARIOS="1000@50,1000@0"
 * (users@calls-per-second; 0 = uncapped). Reports lateness, time to the last call against N / C,
 * duplicates, missed calls, and CPU seconds per process during the burst.
 */

const SCENARIOS = (process.env.BENCH_SCENARIOS ?? '1000@50,1000@0').split(',').map((s) => {
  const [n, c] = s.split('@').map(Number);
  return { users: n!, cps: c! };
});
const ARM_LEAD_SECONDS = Number(process.env.BENCH_ARM_LEAD_SECONDS ?? 120); // the production default
/** The arming rate the planner counts on (CALL_ARMING_RATE): the lead grows by N / this. */
const ARMING_RATE = Number(process.env.BENCH_ARMING_RATE ?? DEFAULT_CALL_ARMING_RATE);
const UNCAPPED = 100_000;
/** The worker's knex pool (WORKER_DB_POOL_MAX); unset: the worker's default. */
const DB_POOL = process.env.BENCH_DB_POOL;
/** Chains started and planned per second, for the time left before arming (the dev server's ~25/s; the cluster here plans ~10/s). */
const PLANNING_RATE = Number(process.env.BENCH_PLANNING_RATE ?? 25);
/** The worker's workflow cache (WORKER_MAX_CACHED_WORKFLOWS); unset: the worker's default (500). */
const MAX_CACHED = process.env.BENCH_MAX_CACHED;
/** Seconds before the instant over which the armed calls' idle cost (heartbeats) is sampled. */
const ARMED_WINDOW_S = 30;

async function main() {
  await onEachServer(burstOn);
}

async function burstOn(kind: BenchServerKind) {
  const info = machine();
  const { pg, temporal, db, connection, client } = await startCallBenchServers(kind);
  const results = [];
  const lines = [`bench:burst  ${info.date}  node ${info.node}  nproc ${info.nproc}  load at start ${info.loadavgAtStart}  arm lead ${ARM_LEAD_SECONDS} s + N/${ARMING_RATE}  workflow cache ${MAX_CACHED ?? 'default (500)'}  ${temporal.label}`];

  for (const [k, scenario] of SCENARIOS.entries()) {
    const { users: n } = scenario;
    const cps = scenario.cps || UNCAPPED;
    const taskQueue = `bench-burst-${k}`;
    const apiPort = await freePort();
    const { supervisor, died } = processSupervisor(`burst-${kind}-${k}`);
    const env = benchEnv(
      { databaseUrl: pg.url, temporalAddress: temporal.address, taskQueue, apiPort },
      {
        CALLS_PER_SECOND: String(cps),
        CALL_ARM_LEAD_SECONDS: String(ARM_LEAD_SECONDS),
        CALL_ARMING_RATE: String(ARMING_RATE),
        // Every armed call holds an activity slot while it waits for its instant.
        WORKER_MAX_CONCURRENT_ACTIVITIES: String(Math.max(2000, n + 500)),
        ...(DB_POOL ? { WORKER_DB_POOL_MAX: DB_POOL } : {}),
        ...(MAX_CACHED ? { WORKER_MAX_CACHED_WORKFLOWS: MAX_CACHED } : {}),
      },
    );
    const worker = supervisor.start({ name: 'worker', ...NODE_TS('worker/src/main.ts', ...cpuProfArgs()), env, cwd: REPO });
    const api = supervisor.start({ name: 'api', ...NODE_TS('api/src/server.ts'), env: { ...env, PORT: String(apiPort) }, cwd: REPO });

    // One mosque whose jamaah puts every user's call in the chosen minute (jamaah − 30 min). The lead
    // the planner will give it: a crowded arming of an earlier scenario in this run counts, as an
    // earlier morning's does in production.
    const { rate: armingRate, slowestMeasured: slowest } = await readArmingRate(db, ARMING_RATE);
    const lead = ARM_LEAD_SECONDS + Math.ceil(n / armingRate);
    // Starting and planning the chains before any is armed (planning that overlaps arming slows it).
    const startupS = 30 + n / PLANNING_RATE;
    const target = DateTime.now().plus({ seconds: startupS + lead }).startOf('minute').plus({ minutes: 1 });
    const mosqueId = await seedMosqueAt(db, target.toJSDate());
    const users = await seedUsers(db, n, () => atMosque(mosqueId), { prefix: `burst${k}`, phoneBase: k * 1_000_000, withSessions: false });
    await waitHealthy(`http://127.0.0.1:${apiPort}/api/health`, died);

    // Start each user's chain as sign-up does (reconciliation in the worker may race us: both are idempotent).
    const startedAt = Date.now();
    await startChains(client, users.map((u) => u.id), taskQueue);
    const startSeconds = (Date.now() - startedAt) / 1000;
    console.log(`[${n}@${scenario.cps || 'uncapped'}] ${n} chains started in ${fmt(startSeconds, 1)} s; calls at ${target.toISO()} (in ${fmt(target.diff(DateTime.now()).as('seconds'), 0)} s)`);

    // Sample CPU per process each second from the arming until the burst is over.
    const master = postmasterPid(pg.dataDir);
    if (!master) console.warn('could not find the postmaster: Postgres CPU is not counted');
    const cpuAt = (): Record<string, number> => ({
      worker: cpuOf([worker.pid!]),
      api: cpuOf([api.pid!]),
      temporal: cpuOf([temporal.pid]),
      postgres: postgresCpu(master),
    });
    const phones = users.map((u) => u.phone);
    const bound = n / cps;
    const deadline = target.toMillis() + (bound * 1.5 + 120) * 1000;
    let cpuAtTarget: Record<string, number> | undefined;
    let cpuArmedFrom: Record<string, number> | undefined;
    let reservedAtWindow = NaN;
    let reservedAtTarget = NaN;
    // This scenario's reservations: made after its chains started (the previous scenario's were made before).
    const ours = () => db('call_pacer_reservations').where('attempt_key', 'like', 'fajr-call:%').where('updated_at', '>=', new Date(startedAt));
    const reserved = async () => Number((await ours().count({ n: '*' }))[0]!.n);
    let maxWorkerRss = 0;
    for (;;) {
      if (died()) throw new Error(died());
      maxWorkerRss = Math.max(maxWorkerRss, rssMiB(worker.pid!));
      if (!cpuArmedFrom && Date.now() >= target.toMillis() - ARMED_WINDOW_S * 1000) {
        cpuArmedFrom = cpuAt();
        reservedAtWindow = await reserved();
      }
      if (!cpuAtTarget && Date.now() >= target.toMillis()) {
        cpuAtTarget = cpuAt();
        reservedAtTarget = await reserved();
      }
      // Only this scenario's calls exist after its seeding (the previous one's were all placed before it): no 10,000-number IN list each second.
      const [row] = await db('local_phone_calls').where('created_at', '>=', new Date(startedAt)).countDistinct({ count: 'to_number' });
      if (Number(row?.count ?? 0) >= n || Date.now() > deadline) break;
      await sleep(1000);
    }
    const cpuAtEnd = cpuAt();
    await sleep(3000); // late duplicates, if any, would show now

    const calls: { to_number: string; created_at: Date }[] = await db('local_phone_calls').whereIn('to_number', phones).select('to_number', 'created_at');
    const attempts: { user_id: string; n: number }[] = await db('call_attempts')
      .whereIn('user_id', users.map((u) => u.id))
      .where({ kind: 'fajr' })
      .groupBy('user_id')
      .select('user_id', db.raw('count(*)::int as n'));
    const perPhone = new Map<string, Date[]>();
    for (const c of calls) perPhone.set(c.to_number, [...(perPhone.get(c.to_number) ?? []), c.created_at]);
    const firstPlaced = [...perPhone.values()].map((d) => Math.min(...d.map((x) => x.getTime())));
    const lateness = firstPlaced.map((t) => (t - target.toMillis()) / 1000);
    const s = summary(lateness);
    const span = (Math.max(...firstPlaced) - Math.min(...firstPlaced)) / 1000;
    const diff = (a: Record<string, number>, b: Record<string, number> | undefined) => (b ? Object.fromEntries(Object.entries(a).map(([p, v]) => [p, v - b[p]!])) : {});
    const cpuBurst = diff(cpuAtEnd, cpuAtTarget);
    const cpuArmed = cpuAtTarget ? diff(cpuAtTarget, cpuArmedFrom) : {};
    const slots: { last: Date | null }[] = await ours().max({ last: 'slot_at' });
    // The dial's own precision: each call's provider stamp behind its reserved slot, and when the provider's answer was logged (placed_at).
    const { rows: behind } = await db.raw<{ rows: { slot_ms: number; placed_ms: number | null; armed_in_time: boolean }[] }>(
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
    const [arming] = await ours().whereNotNull('arm_at').select(
      db.raw('count(*)::int as calls'),
      db.raw('extract(epoch from max(armed_at) - min(arm_at)) as seconds'),
      db.raw('count(*) filter (where armed_at > planned_at)::int as late'),
    );
    const armedPerSecond = arming ? arming.calls / Math.max(1, Number(arming.seconds)) : NaN;
    const r = {
      users: n,
      callsPerSecond: scenario.cps || 'uncapped',
      boundSeconds: scenario.cps ? bound : null,
      armLeadSeconds: lead,
      armingRateCountedOn: armingRate,
      armedPerSecond,
      armedAfterInstant: arming?.late ?? NaN,
      chainStartSeconds: startSeconds,
      placed: perPhone.size,
      missed: n - perPhone.size,
      duplicates: calls.length - perPhone.size,
      attemptsLoggedTwice: attempts.filter((a) => a.n > 1).length,
      attemptsNotLogged: n - attempts.length,
      latenessSeconds: s,
      lastCallSeconds: s.max,
      firstToLastSeconds: span,
      placedPerSecond: span > 0 ? perPhone.size / span : null,
      cpuSecondsDuringBurst: cpuBurst,
      armedAtWindowStart: reservedAtWindow,
      armedAtInstant: reservedAtTarget,
      cpuSecondsArmedWindow: cpuArmed,
      lastSlotSeconds,
      workerMaxRssMiB: maxWorkerRss,
      server: temporal.label,
      providerStampBehindSlotSeconds: behindSlot,
      armedInTimeBehindSlotSeconds: inTimeBehindSlot,
      placedLoggedBehindSlotSeconds: placedBehindSlot,
    };
    results.push(r);
    const tag = `[${kind}] N=${n}, C=${scenario.cps || 'uncapped'}`;
    lines.push(
      `${tag}: placed ${r.placed}/${n}, missed ${r.missed}, duplicates ${r.duplicates}, logged twice ${r.attemptsLoggedTwice}, not logged ${r.attemptsNotLogged}`,
      `${tag}: lateness p50 ${fmt(s.p50)} s, p99 ${fmt(s.p99)} s, max (last call) ${fmt(s.max)} s` +
        (scenario.cps ? ` vs bound N/C = ${fmt(bound, 1)} s (target last ≤ ${fmt(1.05 * bound, 1)} s, p99 ≤ ${fmt(bound + 2, 1)} s)` : ''),
      `${tag}: behind its own slot: reached the provider p50 ${fmt(behindSlot.p50 * 1000, 0)} ms, p99 ${fmt(behindSlot.p99 * 1000, 0)} ms, max ${fmt(behindSlot.max * 1000, 0)} ms (target p99 ≤ 100 ms); the ${inTime.length} armed before their slot: p50 ${fmt(inTimeBehindSlot.p50 * 1000, 0)} ms, p99 ${fmt(inTimeBehindSlot.p99 * 1000, 0)} ms, max ${fmt(inTimeBehindSlot.max * 1000, 0)} ms; provider's answer logged p50 ${fmt(placedBehindSlot.p50 * 1000, 0)} ms, p99 ${fmt(placedBehindSlot.p99 * 1000, 0)} ms`,
      `${tag}: first→last call ${fmt(span)} s = ${fmt(r.placedPerSecond ?? NaN, 1)} calls/s; chains started in ${fmt(startSeconds, 1)} s; worker max RSS ${maxWorkerRss} MiB`,
      `${tag}: arm lead ${lead} s (arming rate counted on ${fmt(armingRate, 1)}/s${slowest === null ? '' : `, slowest measured ${fmt(slowest, 1)}/s`}); armed ${fmt(armedPerSecond, 1)} calls/s; ${r.armedAfterInstant} armed after their instant`,
      `${tag}: CPU seconds during the burst: ${Object.entries(cpuBurst).map(([p, v]) => `${p} ${fmt(v, 1)}`).join(', ')}`,
      `${tag}: armed (slot reserved) ${reservedAtWindow} at −${ARMED_WINDOW_S} s, ${reservedAtTarget} at the instant; last slot +${fmt(lastSlotSeconds)} s; ` +
        `CPU seconds over the ${ARMED_WINDOW_S} s before the instant (armed, waiting): ${Object.entries(cpuArmed).map(([p, v]) => `${p} ${fmt(v, 1)}`).join(', ')}`,
    );
    console.log(lines.slice(-7).join('\n'));
    await stopChild(api);
    await supervisor.stopAll();
  }
  await connection.close();
  await db.destroy();
  writeResult(`burst-${kind}`, { machine: info, armLeadSeconds: ARM_LEAD_SECONDS, results }, lines);
}

async function waitHealthy(url: string, died: () => string | undefined): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (died()) throw new Error(`the stack did not start: ${died()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not healthy in 120 s`);
    await sleep(500);
  }
}

runBench(main);
