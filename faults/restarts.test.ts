import { chmodSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { createKnex } from '@fajr/migrations';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { migrateAndSeed } from '@fajr/scripts/lib/database';
import { freePort } from '@fajr/scripts/lib/ports';
import { startDevServer, type DevServer } from '@fajr/scripts/lib/temporal-dev-server';
import { connectDevServer } from '@fajr/scripts/testing/temporal';
import { atMosque, seedMosqueAt, seedUsers } from '../bench/seed';
import { sleep, startChains, startProcess, waitUntil, type Proc } from '@fajr/scripts/testing/processes';

/**
 * Backing services going away under the real processes: the Temporal dev server restarted on its
 * SQLite file while users sleep toward their call, and Postgres stopped for 30 s around a call.
 */

const USERS = 5;

async function calls(db: ReturnType<typeof createKnex>, phones: string[]) {
  return (await db('local_phone_calls').whereIn('to_number', phones).select('to_number', 'created_at')) as {
    to_number: string;
    created_at: Date;
  }[];
}

describe('the Temporal dev server restarts (same SQLite file) while users sleep toward their call', () => {
  let dir: string;
  let dev: DevServer | undefined;
  let worker: Proc | undefined;
  let tdb: TestDatabase;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fajr-faults-temporal-'));
    tdb = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await worker?.stop();
    await dev?.stop();
    await tdb?.drop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('then every call is still placed once, on time', async () => {
    const cliPath = process.env.FAJR_TEMPORAL_CLI_PATH;
    if (!cliPath) throw new Error('FAJR_TEMPORAL_CLI_PATH is not set: run through `npm test`');
    const port = await freePort();
    const dbFile = path.join(dir, 'temporal.db');
    dev = await startDevServer({ cliPath, port, dbFile });
    const taskQueue = `faults-temporal-${randomUUID()}`;
    const callAt = new Date(Math.ceil((Date.now() + 75_000) / 1000) * 1000);
    const mosqueId = await seedMosqueAt(tdb.knex, callAt);
    const users = await seedUsers(tdb.knex, USERS, () => atMosque(mosqueId), {
      prefix: 'tmp',
      phoneBase: 50_000_000,
      withSessions: false,
    });
    worker = startProcess('worker/src/main.ts', {
      DATABASE_URL: tdb.url,
      TEMPORAL_ADDRESS: dev.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      PUBLIC_BASE_URL: 'http://127.0.0.1:9',
      CALL_ARM_LEAD_SECONDS: '10',
    });
    const connection = await Connection.connect({ address: dev.address });
    await startChains(
      new Client({ connection }),
      taskQueue,
      users.map((u) => u.id),
    );
    await connection.close();

    // Every chain is asleep on its timer: restart the server 40 s before the calls.
    await sleep(Math.max(0, callAt.getTime() - 40_000 - Date.now()));
    await dev.stop();
    await sleep(3000);
    dev = await startDevServer({ cliPath, port, dbFile });

    const phones = users.map((u) => u.phone);
    const done = await waitUntil(async () => (await calls(tdb.knex, phones)).length >= USERS, 180_000);
    await sleep(3000);
    const placed = await calls(tdb.knex, phones);
    expect({ done, output: done ? [] : worker.output.slice(-30) }).toEqual({ done: true, output: [] });
    expect(new Set(placed.map((c) => c.to_number)).size).toBe(USERS);
    expect(placed).toHaveLength(USERS);
    // On time: none early, none more than a few seconds late (a generous bound on a shared machine).
    const lateness = placed.map((c) => (c.created_at.getTime() - callAt.getTime()) / 1000);
    console.log(
      `temporal restart: lateness of the ${USERS} calls (s): ${lateness.map((l) => l.toFixed(2)).join(', ')}`,
    );
    for (const l of lateness) {
      expect(l).toBeGreaterThanOrEqual(-0.5);
      expect(l).toBeLessThan(30);
    }
  }, 600_000);
});

describe('Postgres stops for 30 s around a call', () => {
  let dir: string;
  let pg: Proc | undefined;
  let serverUrl = '';
  let pgPort: number;
  let api: Proc | undefined;
  let worker: Proc | undefined;
  let temporal: Awaited<ReturnType<typeof connectDevServer>>;

  // Postgres in its own process (faults/pg-server.ts), started again on the same data directory.
  const startPg = async () => {
    const p = startProcess('faults/pg-server.ts', {}, [path.join(dir, 'data'), String(pgPort)]);
    const ready = await waitUntil(
      async () => p.output.some((l) => l.startsWith('READY ')) || p.child.exitCode !== null,
      60_000,
    );
    const line = p.output.find((l) => l.startsWith('READY '));
    if (!ready || !line) throw new Error(`Postgres did not start:\n${p.output.join('\n')}`);
    serverUrl = line.slice('READY '.length);
    return p;
  };
  const databaseUrl = () => serverUrl.replace(/\/postgres$/, '/fajr');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fajr-faults-pg-'));
    chmodSync(dir, 0o755); // the postgres OS user must reach its data directory
    pgPort = await freePort();
    pg = await startPg();
    const admin = createKnex(serverUrl, { min: 0, max: 1 });
    await admin.raw('create database fajr');
    await admin.destroy();
    await migrateAndSeed(databaseUrl());
    temporal = await connectDevServer();
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
    await worker?.stop();
    await temporal?.connection.close();
    await pg?.stop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('then the API answers 503 with a clear error meanwhile, recovers by itself, and every call is placed and logged', async () => {
    const url = databaseUrl();
    const apiPort = await freePort();
    const taskQueue = `faults-pg-${randomUUID()}`;
    const env = {
      DATABASE_URL: url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}`,
      CALL_ARM_LEAD_SECONDS: '10',
      RATE_LIMITS: 'off',
    };
    let db = createKnex(url, { min: 0, max: 2 });
    // Calls due 15 s into the outage: their dial (pacer, attempt record) meets a dead database.
    const callAt = new Date(Math.ceil((Date.now() + 60_000) / 1000) * 1000);
    const mosqueId = await seedMosqueAt(db, callAt);
    const users = await seedUsers(db, USERS, () => atMosque(mosqueId), { prefix: 'pg', phoneBase: 60_000_000 });
    await db.destroy();
    worker = startProcess('worker/src/main.ts', env);
    api = startProcess('api/src/server.ts', { ...env, PORT: String(apiPort) });
    const base = `http://127.0.0.1:${apiPort}/api`;
    const currentUser = () =>
      fetch(`${base}/users/current-user`, { headers: { authorization: `Bearer ${users[0]!.token}` } });
    expect(await waitUntil(async () => (await currentUser().catch(() => undefined))?.status === 200, 60_000)).toBe(
      true,
    );
    await startChains(
      temporal.client,
      taskQueue,
      users.map((u) => u.id),
    );

    await sleep(Math.max(0, callAt.getTime() - 15_000 - Date.now()));
    await pg!.stop();
    const downUntil = Date.now() + 30_000;
    const during: { status: number; body: unknown }[] = [];
    while (Date.now() < downUntil) {
      const res = await currentUser();
      during.push({ status: res.status, body: await res.json() });
      await sleep(2000);
    }
    const health = await fetch(`${base}/health`);
    const healthBody = await health.json();
    pg = await startPg();

    expect(during.length).toBeGreaterThan(5);
    for (const d of during)
      expect(d).toEqual({
        status: 503,
        body: { error: 'The service is temporarily unavailable, please try again shortly', code: 'http.unavailable' },
      });
    expect(health.status).toBe(503);
    expect(healthBody).toMatchObject({ error: 'Postgres not reachable' });

    // Recovers by itself: no restart of the API or the worker.
    expect(await waitUntil(async () => (await currentUser()).status === 200, 60_000)).toBe(true);
    db = createKnex(url, { min: 0, max: 2 });
    try {
      const phones = users.map((u) => u.phone);
      const allCalled = await waitUntil(async () => (await calls(db, phones)).length >= USERS, 180_000);
      await sleep(3000);
      expect({ allCalled, output: allCalled ? [] : worker.output.slice(-30) }).toEqual({ allCalled: true, output: [] });
      expect(await calls(db, phones)).toHaveLength(USERS);
      const logs = await db('call_attempts')
        .whereIn(
          'user_id',
          users.map((u) => u.id),
        )
        .where({ kind: 'fajr' });
      expect(logs).toHaveLength(USERS);
      expect(logs.every((l: { placed_at: Date | null }) => l.placed_at !== null)).toBe(true);
    } finally {
      await db.destroy();
    }
  }, 600_000);
});
