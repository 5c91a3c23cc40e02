import type { Knex } from '@fajr/activities';
import { cpuOf, percentile, sleep } from './lib';
import { postgresCpu, postmasterPid } from './proc';

/**
 * The plans the worker has made so far: its count of finished planNextFajrCall activities, ordinary
 * or local (the Temporal SDK's activity latency histograms, scraped from the worker's METRICS_PORT), and
 * of plans chains took as a mosque's re-plan offered them (the chains' counter fajr_offered_plans_taken).
 */
export async function plansSoFar(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  let n = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    // The SDK may prefix the workflows' own metrics (temporal_) and suffix a counter (_total).
    if (/^(temporal_)?fajr_offered_plans_taken(_total)?[{ ]/.test(line)) n += value;
    const latency =
      line.startsWith('temporal_activity_execution_latency') ||
      line.startsWith('temporal_local_activity_execution_latency');
    if (!latency || !line.includes('_count')) continue;
    if (!line.includes('activity_type="planNextFajrCall"')) continue;
    n += value;
  }
  return n;
}

/**
 * The burst users whose day's call has ended: each such chain plans its next day (one more
 * planNextFajrCall the members' count must not take for theirs). Counted when the outcome is known,
 * a little before that plan, so the members' re-plan is measured late rather than early.
 */
export async function burstReplans(db: Knex, userIds: string[]): Promise<number> {
  const [row] = await db('call_attempts')
    .whereIn('user_id', userIds)
    .where({ kind: 'fajr' })
    .whereNotNull('outcome')
    .whereNot('outcome', 'pending')
    .countDistinct({ n: 'user_id' });
  return Number(row?.n ?? 0);
}

/** Waits until `check` holds, failing after `ms` or when a benchmark process died. */
export async function waitFor(
  check: () => Promise<boolean>,
  ms: number,
  died: () => string | undefined,
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (died()) throw new Error(died());
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`not done in ${ms / 1000} s`);
    await sleep(500);
  }
}

/** How late each user's first call left after `at` (the provider's stamp), and how many never came. */
export async function lateCalls(db: Knex, users: { phone: string }[], at: number) {
  const rows: { to_number: string; first: Date }[] = await db('local_phone_calls')
    .whereIn(
      'to_number',
      users.map((u) => u.phone),
    )
    .groupBy('to_number')
    .select('to_number', db.raw('min(created_at) as first'));
  const late = rows.map((r) => (new Date(r.first).getTime() - at) / 1000).sort((a, b) => a - b);
  return {
    placed: rows.length,
    missed: users.length - rows.length,
    p50: percentile(late, 50),
    p99: percentile(late, 99),
    max: late.length ? late[late.length - 1]! : NaN,
  };
}

/** CPU seconds so far of each process the re-plan costs: the Temporal server, the worker, the API, Postgres. */
export function cpuSampler(
  pgDataDir: string,
  pids: { temporal: number; worker: number; api: number },
): () => Record<string, number> {
  const master = postmasterPid(pgDataDir);
  return () => ({
    temporal: cpuOf([pids.temporal]),
    worker: cpuOf([pids.worker]),
    api: cpuOf([pids.api]),
    postgres: postgresCpu(master),
  });
}
