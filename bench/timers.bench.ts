import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import {
  cpuOf,
  fmt,
  inParallel,
  machine,
  onEachServer,
  rssMiB,
  runBench,
  sleep,
  startBenchTemporal,
  startIdempotent,
  startPostgres,
  summary,
  writeResult,
  type BenchServerKind,
} from './lib';
import type { InjectedSinks } from '@temporalio/worker';
import { postgresCpu, postmasterPid } from './proc';
import type { TimerBenchActivities, TimerBenchSinks } from './timers.workflow';

/**
 * `npm run bench:timers`: BENCH_TIMERS (default 1,000) workflows whose durable timers all fire at the
 * same instant, on the Temporal dev server with a persisted SQLite file (as bench:burst), each then
 * running one activity. Reports the lateness of the timer (the workflow's Date.now() after it, i.e.
 * the start of the workflow task that delivered it) and of the first activity after it, against the
 * intended instant (BENCH_PERSIST=0: the dev server in memory instead). The worker runs in this process with the production worker's cache and
 * concurrency defaults (BENCH_MAX_CACHED, default 500; BENCH_MAX_WORKFLOW_TASKS, default 100).
 * BENCH_TIMER_ACTIVITY=0: bare timers, nothing after them (the workflow tells this process through a
 * sink). Either way, afterwards each history gives when the server fired the timer (its TimerFired
 * event).
 */

const N = Number(process.env.BENCH_TIMERS ?? 1000);
const MAX_CACHED = Number(process.env.BENCH_MAX_CACHED ?? 500);
const MAX_WORKFLOW_TASKS = Number(process.env.BENCH_MAX_WORKFLOW_TASKS ?? 100);
/** Concurrent workflow- and activity-task polls of the worker (BENCH_POLLS; unset: the SDK's default, 10). */
const POLLS = process.env.BENCH_POLLS ? Number(process.env.BENCH_POLLS) : undefined;
/** BENCH_PERSIST=0: the dev server in memory, to see what the SQLite file costs. */
const PERSIST = process.env.BENCH_PERSIST !== '0';
/** BENCH_TIMER_ACTIVITY=0: bare timers (sleep, then end) instead of a timer followed by one activity. */
const WITH_ACTIVITY = process.env.BENCH_TIMER_ACTIVITY !== '0';

async function main() {
  await onEachServer(timersOn);
}

async function timersOn(kind: BenchServerKind) {
  const info = machine();
  const pg = kind === 'cluster' ? await startPostgres() : undefined;
  const temporal = await startBenchTemporal(kind, pg, { persist: PERSIST });
  // The cluster's persistence is this Postgres: its CPU is the server's too.
  const master = pg ? postmasterPid(pg.dataDir) : undefined;
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const nativeConnection = await NativeConnection.connect({ address: temporal.address });
  const taskQueue = 'bench-timers';
  // The activity records in this process, so nothing polls the dev server for 1,000 results at the instant.
  const fired = new Map<string, { observedAt: number; activityStartedAt: number }>();
  const activities: TimerBenchActivities = {
    timerFired: async ({ workflowId, observedAt }) => {
      if (!fired.has(workflowId)) fired.set(workflowId, { observedAt, activityStartedAt: Date.now() });
    },
  };
  const sinks: InjectedSinks<TimerBenchSinks> = {
    bench: {
      woke: {
        fn: (_info, { workflowId, observedAt }) => {
          if (!fired.has(workflowId)) fired.set(workflowId, { observedAt, activityStartedAt: NaN });
        },
      },
    },
  };
  const worker = await Worker.create({
    connection: nativeConnection,
    taskQueue,
    workflowsPath: require.resolve('./timers.workflow'),
    activities,
    sinks,
    maxCachedWorkflows: MAX_CACHED,
    maxConcurrentWorkflowTaskExecutions: MAX_WORKFLOW_TASKS,
    maxConcurrentActivityTaskExecutions: 2000,
    ...(POLLS ? { maxConcurrentWorkflowTaskPolls: POLLS, maxConcurrentActivityTaskPolls: POLLS } : {}),
  });
  const running = worker.run();

  // Every timer fires on the same whole second, after all the workflows have started (~25/s here).
  const fireAt = Math.ceil((Date.now() + 30_000 + (N / 20) * 1000) / 1000) * 1000;
  const ids = Array.from({ length: N }, (_, i) => `bench-timer-${fireAt}-${i}`);
  const t0 = Date.now();
  await inParallel(ids, 20, (workflowId) =>
    startIdempotent(client, WITH_ACTIVITY ? 'benchTimer' : 'benchBareTimer', {
      workflowId,
      taskQueue,
      args: [{ fireAt }],
    }),
  );
  const startSeconds = (Date.now() - t0) / 1000;
  if (Date.now() > fireAt - 5000)
    throw new Error(
      `starting ${N} workflows took ${fmt(startSeconds, 1)} s: too close to the instant; lower BENCH_TIMERS`,
    );
  console.log(
    `${N} workflows started in ${fmt(startSeconds, 1)} s; timers fire at ${new Date(fireAt).toISOString()} (in ${fmt((fireAt - Date.now()) / 1000, 0)} s)`,
  );

  await sleep(Math.max(0, fireAt - Date.now() - 1000));
  const cpuBefore = { temporal: cpuOf([temporal.pid]), bench: cpuOf([process.pid]), postgres: postgresCpu(master) };
  while (fired.size < N && Date.now() < fireAt + 600_000) await sleep(50);
  const results = [...fired.values()];
  if (results.length < N) throw new Error(`only ${results.length} of ${N} timers fired within 10 minutes`);
  const cpuAfter = { temporal: cpuOf([temporal.pid]), bench: cpuOf([process.pid]), postgres: postgresCpu(master) };
  const lastDone = Date.now();

  // Afterwards, from each history: when the server fired the timer (the workflow's Date.now() after
  // it, observedAt, is already when the task that delivered it started).
  const firedAt: number[] = [];
  await inParallel(ids, 20, async (workflowId) => {
    const { events } = await client.workflow.getHandle(workflowId).fetchHistory();
    const time = events?.find((e) => e.timerFiredEventAttributes)?.eventTime;
    if (time) firedAt.push(Number(time.seconds) * 1000 + Math.floor((time.nanos ?? 0) / 1e6));
  });
  const serverFired = summary(firedAt.map((t) => (t - fireAt) / 1000));
  const timer = summary(results.map((r) => (r.observedAt - fireAt) / 1000));
  const activity = summary(results.map((r) => (r.activityStartedAt - fireAt) / 1000));
  const tag = `[${kind}] N=${N} ${WITH_ACTIVITY ? 'timers, each then one activity' : 'bare timers'}`;
  const lines = [
    `bench:timers  ${info.date}  node ${info.node}  nproc ${info.nproc}  load at start ${info.loadavgAtStart}  ${temporal.label}  cache ${MAX_CACHED}, ${MAX_WORKFLOW_TASKS} workflow tasks at once, ${POLLS ?? 'default (10)'} polls`,
    `${tag}: started in ${fmt(startSeconds, 1)} s; the last ${WITH_ACTIVITY ? 'activity ran' : 'workflow woke'} ${fmt((lastDone - fireAt) / 1000)} s after the instant`,
    `${tag}: the server fired the timer (TimerFired event, ${serverFired.n} histories): lateness p50 ${fmt(serverFired.p50)} s, p99 ${fmt(serverFired.p99)} s, max ${fmt(serverFired.max)} s`,
    `${tag}: timer seen by the workflow (the task that delivered it started): lateness p50 ${fmt(timer.p50)} s, p99 ${fmt(timer.p99)} s, max ${fmt(timer.max)} s (target p99 ≤ 2 s)`,
    ...(WITH_ACTIVITY
      ? [
          `${tag}: first activity after it started: lateness p50 ${fmt(activity.p50)} s, p99 ${fmt(activity.p99)} s, max ${fmt(activity.max)} s`,
        ]
      : []),
    `${tag}: CPU seconds from 1 s before the instant to the last ${WITH_ACTIVITY ? 'activity' : 'wake'}: temporal ${fmt(cpuAfter.temporal - cpuBefore.temporal, 1)}${master ? `, postgres ${fmt(cpuAfter.postgres - cpuBefore.postgres, 1)}` : ''}, worker+client (this process) ${fmt(cpuAfter.bench - cpuBefore.bench, 1)}; this process ${rssMiB(process.pid)} MiB`,
  ];
  worker.shutdown();
  await running;
  await nativeConnection.close();
  await connection.close();
  writeResult(
    `timers${WITH_ACTIVITY ? '' : '-bare'}-${kind}`,
    {
      machine: info,
      server: temporal.label,
      persist: PERSIST,
      polls: POLLS ?? null,
      n: N,
      fireAt,
      startSeconds,
      maxCachedWorkflows: MAX_CACHED,
      withActivity: WITH_ACTIVITY,
      serverFiredLatenessSeconds: serverFired,
      timerLatenessSeconds: timer,
      activityLatenessSeconds: WITH_ACTIVITY ? activity : null,
    },
    lines,
  );
}

runBench(main);
