import { randomUUID } from 'node:crypto';
import type { temporal } from '@temporalio/proto';
import { freePort } from '@fajr/scripts/lib/ports';
import {
  benchEnv,
  machine,
  NODE_TS,
  onEachServer,
  processSupervisor,
  REPO,
  runBench,
  seedUsers,
  sleep,
  startCallBenchServers,
  writeResult,
  type BenchServerKind,
} from './lib';
import { atMosque, seedMosqueAt } from './seed';

/**
 * `npm run bench:actions`: one real morning through the real workflows, then Temporal Cloud's billable
 * Actions counted from the histories it left (docs/SCALING.md). Three users due in the same minute:
 * a Free (BASIC) user who answers; a Premium user with repeat on whose phone rings out unanswered
 * (so the 10-minute repeat runs); a Premium user with one active Fajr friend (the friend's chain is
 * started and plans its own call at the friend's Fajr). Waits until the repeat's outcome is final,
 * then reads every workflow's history and counts, per Temporal Cloud's Actions page: workflow started
 * (incl. continue-as-new and children: 2 for a child), activity scheduled + each retry, timer started,
 * signal received or sent, search-attribute upsert, local-activity markers (one per workflow task).
 * Activity heartbeats are not in a history: the dial's are counted from its armed time and the SDK's
 * throttle (one per 0.8 × heartbeat timeout).
 */

type Event = temporal.api.history.v1.IHistoryEvent;

function billable(e: Event): { kind: string; n: number } | undefined {
  if (e.workflowExecutionStartedEventAttributes) return { kind: 'workflow started', n: 1 };
  if (e.activityTaskScheduledEventAttributes) return { kind: 'activity scheduled', n: 1 };
  if (e.activityTaskStartedEventAttributes) {
    const retries = Math.max(0, (e.activityTaskStartedEventAttributes.attempt ?? 1) - 1);
    return retries ? { kind: 'activity retry', n: retries } : undefined;
  }
  if (e.timerStartedEventAttributes) return { kind: 'timer started', n: 1 };
  if (e.workflowExecutionSignaledEventAttributes) return { kind: 'signal', n: 1 };
  if (e.signalExternalWorkflowExecutionInitiatedEventAttributes) return { kind: 'signal', n: 1 };
  if (e.startChildWorkflowExecutionInitiatedEventAttributes) return { kind: 'child workflow start', n: 2 };
  if (e.upsertWorkflowSearchAttributesEventAttributes) return { kind: 'search attribute upsert', n: 1 };
  if (e.markerRecordedEventAttributes) return { kind: 'local activity marker', n: 1 };
  return undefined;
}

const MAX_WAIT_MS = 16 * 60_000;

async function main() {
  await onEachServer(morningOn);
}

async function morningOn(kind: BenchServerKind) {
  const info = machine();
  const { pg, temporal, db, connection, client } = await startCallBenchServers(kind);
  const apiPort = await freePort();
  const taskQueue = 'bench-actions';
  const leadSeconds = 20;
  const target = new Date(Math.ceil((Date.now() + 90_000) / 60_000) * 60_000);
  const mosqueId = await seedMosqueAt(db, target);
  const [free] = await seedUsers(db, 1, () => atMosque(mosqueId), {
    prefix: 'act-free',
    plan: 'BASIC',
    phoneBase: 70_000_000,
    withSessions: false,
  });
  const [premium] = await seedUsers(db, 1, () => ({ ...atMosque(mosqueId), allow_repeat_calls: true }), {
    prefix: 'act-prem',
    plan: 'PREMIUM',
    phoneBase: 70_000_100,
    withSessions: false,
  });
  const [inviter] = await seedUsers(db, 1, () => atMosque(mosqueId), {
    prefix: 'act-inv',
    plan: 'PREMIUM',
    phoneBase: 70_000_200,
    withSessions: false,
  });
  // Rings out (45 s: not the short ring a silenced phone gives), so Premium's repeat follows 10 minutes later.
  await db('local_phone_behaviours').insert({
    phone_number: premium!.phone,
    outcome: 'no-answer',
    ring_ms: 45_000,
    duration_seconds: 0,
    press_key: null,
    updated_at: new Date(),
  });
  const friendId = randomUUID();
  await db('fajr_friends').insert({
    id: friendId,
    inviter_id: inviter!.id,
    first_name: 'Bilal',
    inviter_name: 'Sam',
    phone_number: '+447400700300',
    status: 'active',
    consented_at: new Date(),
    city_name: 'London',
    lat: 51.5,
    lng: -0.12,
    tz_name: 'Europe/London',
  });

  const { supervisor, died } = processSupervisor(`actions-${kind}`);
  const env = benchEnv(
    { databaseUrl: pg.url, temporalAddress: temporal.address, taskQueue, apiPort },
    { CALL_ARM_LEAD_SECONDS: String(leadSeconds) },
  );
  // The worker's reconciliation at start starts every user's and friend's chain, as after sign-up.
  supervisor.start({ name: 'worker', ...NODE_TS('worker/src/main.ts'), env, cwd: REPO });
  supervisor.start({ name: 'api', ...NODE_TS('api/src/server.ts'), env: { ...env, PORT: String(apiPort) }, cwd: REPO });
  console.log(`[${kind}] calls due at ${target.toISOString()}; the repeat 10 minutes later`);

  const deadline = Date.now() + MAX_WAIT_MS;
  for (;;) {
    if (died()) throw new Error(died());
    const repeat = await db('call_attempts').where({ user_id: premium!.id, kind: 'repeat' }).first('outcome');
    const freeDone = await db('call_attempts').where({ user_id: free!.id, kind: 'fajr' }).first('outcome');
    if (repeat && !['pending', 'ringing'].includes(repeat.outcome) && freeDone && freeDone.outcome !== 'ringing') break;
    if (Date.now() > deadline) throw new Error('the morning did not finish in 16 minutes');
    await sleep(5000);
  }
  await sleep(15_000); // the day's workflows close and the chains plan the next day

  const perWorkflow: {
    workflowId: string;
    type: string;
    closed: boolean;
    actions: Record<string, number>;
    total: number;
  }[] = [];
  for await (const wf of client.workflow.list({ query: `TaskQueue = "${taskQueue}"` })) {
    const history = await client.workflow.getHandle(wf.workflowId, wf.runId).fetchHistory();
    const actions: Record<string, number> = {};
    for (const e of history.events ?? []) {
      const b = billable(e);
      if (b) actions[b.kind] = (actions[b.kind] ?? 0) + b.n;
    }
    perWorkflow.push({
      workflowId: wf.workflowId,
      type: wf.type,
      closed: wf.status.name !== 'RUNNING',
      actions,
      total: Object.values(actions).reduce((a, b) => a + b, 0),
    });
  }
  const owner = (id: string) =>
    id.includes(free!.id)
      ? 'free'
      : id.includes(premium!.id)
        ? 'premium+repeat'
        : id.includes(inviter!.id)
          ? 'premium inviter'
          : id.includes(friendId)
            ? 'friend'
            : 'other';
  const byUser: Record<string, number> = {};
  for (const w of perWorkflow) byUser[owner(w.workflowId)] = (byUser[owner(w.workflowId)] ?? 0) + w.total;
  // Dial heartbeats reaching the server: armed from callAt − lead to the slot, one per 0.8 × 20 s (the minimum heartbeat timeout).
  const heartbeatsPerDial = Math.floor(leadSeconds / (0.8 * 20));
  const lines = [
    `bench:actions  ${info.date}  load at start ${info.loadavgAtStart}  ${temporal.label}; calls at ${target.toISOString()}, arm lead ${leadSeconds} s`,
    ...perWorkflow.map(
      (w) =>
        `  ${owner(w.workflowId)}  ${w.type} ${w.workflowId}${w.closed ? '' : ' (running)'}: ${w.total} = ${JSON.stringify(w.actions)}`,
    ),
    `per user, from histories: ${Object.entries(byUser)
      .map(([u, n]) => `${u} ${n}`)
      .join(', ')}; plus dial heartbeats (not in histories) ≈ ${heartbeatsPerDial} per dial at this lead`,
    `note: the chains are counted from their start (first planning included); the next day's planning is in the running chain's history`,
  ];
  await connection.close();
  await db.destroy();
  writeResult(
    `actions-${kind}`,
    { machine: info, server: temporal.label, target, perWorkflow, byUser, heartbeatsPerDial },
    lines,
  );
}

runBench(main);
