import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { repoRoot } from '../src/config';
import { freePorts } from '../src/lib/ports';
import { freeServerPorts } from '../src/lib/temporal-server';

// The README's first command, run for real: every process up, health 200, the Temporal UI answering,
// a clean stop on SIGTERM, and data surviving a second start.
jest.setTimeout(240_000);

/** The ports `npm start` reads from its environment, each a free one per run. */
const PORT_NAMES = [
  'API_PORT',
  'WEB_PORT',
  'POSTGRES_PORT',
  'TEMPORAL_PORT',
  'TEMPORAL_UI_PORT',
  'API_METRICS_PORT',
  'WORKER_METRICS_PORT',
] as const;
type Ports = Record<(typeof PORT_NAMES)[number], number>;

function startCommand(
  dataDir: string,
  ports: Ports,
  args: string[] = [],
): { child: ChildProcess; output: string[]; running: Promise<void> } {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/src/start.ts', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      FAJR_DATA_DIR: dataDir,
      TEMPORAL_CLI_PATH: process.env.FAJR_TEMPORAL_CLI_PATH,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so a failing test can stop everything it started
  });
  const running = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(...chunk.toString().split('\n'));
      if (output.some((l) => l.includes('Fajr is running'))) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`start exited with ${code}:\n${output.join('\n')}`)));
  });
  return { child, output, running };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function startPorts(): Promise<Ports> {
  const ports = await freePorts(PORT_NAMES.length);
  return Object.fromEntries(PORT_NAMES.map((name, i) => [name, ports[i]!])) as Ports;
}

describe('npm start', () => {
  let dataDir: string;
  const started: ChildProcess[] = [];
  afterEach(async () => {
    // A failed assertion must not leave a stack running: stop the whole process group.
    for (const child of started.splice(0)) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const gone = exited(child);
      process.kill(-child.pid!, 'SIGTERM');
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    }
  });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fajr-start-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('when started twice, then every process answers and the data survives the restart', async () => {
    const ports = await startPorts();
    const first = startCommand(dataDir, ports);
    started.push(first.child);
    await first.running;

    const health = await fetch(`http://127.0.0.1:${ports.API_PORT}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ postgres: { ok: true }, temporal: { ok: true } });
    expect((await fetch(`http://127.0.0.1:${ports.TEMPORAL_UI_PORT}/`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${ports.WEB_PORT}/`)).status).toBe(200);
    expect(first.output.join('\n')).toContain(`http://localhost:${ports.TEMPORAL_UI_PORT}`);
    // Prometheus metrics of both processes: "running" is printed once the worker's answer too (its pollers a moment later).
    expect(await (await fetch(`http://127.0.0.1:${ports.API_METRICS_PORT}/metrics`)).text()).toContain(
      '# TYPE http_request_duration_seconds histogram',
    );
    let workerMetrics = await (await fetch(`http://127.0.0.1:${ports.WORKER_METRICS_PORT}/metrics`)).text();
    expect(workerMetrics).toContain('# TYPE fajr_calls_placed_total counter');
    for (let i = 0; i < 60 && !workerMetrics.includes('temporal_num_pollers'); i += 1) {
      workerMetrics = await fetch(`http://127.0.0.1:${ports.WORKER_METRICS_PORT}/metrics`).then(
        (r) => r.text(),
        () => '',
      );
      if (!workerMetrics.includes('temporal_num_pollers')) await new Promise((r) => setTimeout(r, 500));
    }
    expect(workerMetrics).toContain('# TYPE fajr_calls_placed_total counter');
    expect(workerMetrics).toContain('temporal_num_pollers');

    const dbUrl = `postgres://fajr:fajr@127.0.0.1:${ports.POSTGRES_PORT}/fajr`;
    const pg = new Client({ connectionString: dbUrl });
    await pg.connect();
    await pg.query("insert into users (email, password_hash) values ('persist@example.com', 'x')");
    await pg.end();

    const stopped = exited(first.child);
    first.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
    expect(
      (await fetch(`http://127.0.0.1:${ports.API_PORT}/api/health`).catch(() => undefined))?.status,
    ).toBeUndefined();

    const second = startCommand(dataDir, ports);
    started.push(second.child);
    await second.running;
    const pg2 = new Client({ connectionString: dbUrl });
    await pg2.connect();
    const { rows } = await pg2.query("select email from users where email = 'persist@example.com'");
    await pg2.end();
    expect(rows).toHaveLength(1);
    const stopped2 = exited(second.child);
    second.child.kill('SIGTERM');
    expect(await stopped2).toBe(0);
  });

  it('when a port is busy, then it says which one in one line and starts nothing', async () => {
    const ports = await startPorts();
    const blocker = net.createServer().listen(ports.API_PORT, '127.0.0.1');
    try {
      const run = startCommand(dataDir, ports);
      run.running.catch(() => undefined); // it is meant to exit early
      const code = await exited(run.child);
      expect(code).toBe(1);
      const text = run.output.join('\n');
      expect(text).toContain(`Port ${ports.API_PORT} (for the API) is already in use`);
      expect(text).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      blocker.close();
    }
  });

  // `npm run start:cluster`: the Temporal server on Postgres instead of the dev server (the binaries
  // `npm test` built), two workers, two API processes on one port; Ctrl-C (SIGINT to the whole
  // process group, as a terminal sends it, Postgres included) stops everything and says so.
  (process.env.FAJR_TEMPORAL_SERVER ? it : it.skip)(
    'when started as the cluster and stopped with Ctrl-C, then every process answered and it stops cleanly',
    async () => {
      const clusterDir = await mkdtemp(path.join(os.tmpdir(), 'fajr-start-cluster-'));
      await chmod(clusterDir, 0o755);
      try {
        // TEMPORAL_PORT below 32000 (the server's membership ports, TEMPORAL_PORT - 300 …, are smallints).
        const ports = { ...(await startPorts()), TEMPORAL_PORT: (await freeServerPorts()).frontend };
        const run = startCommand(clusterDir, ports, ['--cluster']);
        started.push(run.child);
        await run.running;
        const health = await fetch(`http://127.0.0.1:${ports.API_PORT}/api/health`);
        expect(await health.json()).toMatchObject({ postgres: { ok: true }, temporal: { ok: true } });
        expect((await fetch(`http://127.0.0.1:${ports.TEMPORAL_UI_PORT}/`)).status).toBe(200);
        const text = run.output.join('\n');
        expect(text).toContain('2 API processes listening on one port');
        expect(text).toContain('server v1.29.1 on Postgres');
        // The API answers before the workers have bundled their workflows: wait for both to poll.
        const bothWorkers = () =>
          ['[worker-1] INFO worker started', '[worker-2] INFO worker started'].every((l) =>
            run.output.some((o) => o.includes(l)),
          );
        for (let i = 0; i < 120 && !bothWorkers(); i += 1) await new Promise((r) => setTimeout(r, 500));
        expect(bothWorkers()).toBe(true);
        const stopped = exited(run.child);
        process.kill(-run.child.pid!, 'SIGINT');
        expect(await stopped).toBe(0);
        expect(run.output.join('\n')).toContain('[fajr] Stopped.');
      } finally {
        await rm(clusterDir, { recursive: true, force: true });
      }
    },
  );
});
