import { performance } from 'node:perf_hooks';
import { createDb } from '@fajr/activities';
import { hashToken } from '@fajr/activities/repositories/sessions.repository';
import { preparedQuery, type Tricks } from '@fajr/activities/repositories/prepared-query';
import { fmt, machine, runBench, seedUsers, startPostgres, writeResult } from './lib';

/**
 * `npm run bench:db-tricks`: what each trick of repositories/prepared-query.ts buys on the hottest
 * read (the session behind every authenticated request). Each variant runs the same query in
 * BENCH_ROUNDS rounds of BENCH_CALLS sequential calls, the variants interleaved round by round so a
 * busy neighbour slows them alike; the spread across rounds is the noise a difference must exceed.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);

const VARIANTS: Record<string, Tricks> = {
  'built once (stand-ins)': { buildOnce: true },
  'built by knex each call': { buildOnce: false },
};

async function main() {
  const pg = await startPostgres();
  const db = createDb(pg.url, { min: 1, max: 1 });
  try {
    const [user] = await seedUsers(db, 1, () => ({}), { plan: 'PLUS' });
    const tokenHash = hashToken(user!.token);
    const queries = Object.entries(VARIANTS).map(([name, tricks]) => ({
      name,
      run: preparedQuery<[tokenHash: string, now: Date], { id: string }>(
        (k, hash, now) =>
          k('sessions')
            .select('id', 'user_id')
            .where({ token_hash: hash })
            .whereNull('revoked_at')
            .where('expires_at', '>', now)
            .limit(1),
        tricks,
      ),
      perCallUs: [] as number[],
      cpuPerCallUs: [] as number[],
    }));
    for (const q of queries) for (let i = 0; i < 300; i++) await q.run(db, tokenHash, new Date());
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of queries) {
        const [started, cpu] = [performance.now(), process.cpuUsage()];
        for (let i = 0; i < CALLS; i++) await q.run(db, tokenHash, new Date());
        q.perCallUs.push(((performance.now() - started) * 1000) / CALLS);
        const used = process.cpuUsage(cpu);
        q.cpuPerCallUs.push((used.user + used.system) / CALLS);
      }
    }
    const rounds = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `median ${fmt(sorted[Math.floor(sorted.length / 2)]!, 1)} (rounds ${sorted.map((v) => fmt(v, 1)).join(', ')})`;
    };
    // Node's CPU per call is what the API pays on its own cores; the wall time adds Postgres and the machine's load.
    const lines = queries.map(
      (q) => `${q.name}: wall µs/call ${rounds(q.perCallUs)}; node CPU µs/call ${rounds(q.cpuPerCallUs)}`,
    );
    writeResult(
      'db-tricks',
      {
        machine: machine(),
        rounds: ROUNDS,
        calls: CALLS,
        variants: queries.map(({ name, perCallUs, cpuPerCallUs }) => ({ name, perCallUs, cpuPerCallUs })),
      },
      lines,
    );
  } finally {
    await db.destroy();
  }
}

runBench(main);
