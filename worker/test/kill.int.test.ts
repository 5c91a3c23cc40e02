import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createCallWorker, useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import type { LocalTelephony } from '@fajr/activities/adapters/telephony/local';
import { insertUser, testDeps } from '@fajr/scripts/testing/fixtures';
import { testCall, testCallWorkflowId } from '@fajr/workflows';

jest.setTimeout(300_000);

/** Resolves with the first stdout line matching `re`; rejects if the process exits first. */
function waitForLine(child: ChildProcess, re: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const onData = (chunk: Buffer) => {
      buf += chunk.toString();
      const m = buf.match(re);
      if (m) {
        child.stdout!.off('data', onData);
        resolve(m);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker process exited (${code}) before ${re}`)));
  });
}

describe('a worker killed after the provider accepted a call, before the activity completed (real SIGKILL)', () => {
  const suite = useDevServerSuite({
    stopFirst: async () => {
      if (child?.pid && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
  });
  let child: ChildProcess | undefined;

  it('then the user is called once and the call is logged once', async () => {
    const taskQueue = `kill-${randomUUID()}`;
    const number = '+447400955501';
    const userId = await insertUser(suite.tdb.knex, { phoneNumber: number, prefs: {} });
    const env = { PUBLIC_BASE_URL: 'http://127.0.0.1:9', TEMPORAL_TASK_QUEUE: taskQueue };
    const deps = testDeps(suite.tdb.knex, suite.tdb.url, env);
    await (deps.providers.telephony as LocalTelephony).setBehaviour(number, {
      outcome: 'answer',
      ringMs: 1000,
      durationSeconds: 12,
    });

    // The worker in its own process group, so the kill reaches npx, tsx and node alike.
    child = spawn('npx', ['tsx', require.resolve('@fajr/scripts/testing/kill-worker')], {
      cwd: path.resolve(__dirname, '../..'),
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'test',
        DATABASE_URL: suite.tdb.url,
        TEMPORAL_ADDRESS: suite.temporal.address,
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    await waitForLine(child, /READY/);
    const handle = await suite.temporal.client.workflow.start(testCall, {
      workflowId: testCallWorkflowId(userId),
      taskQueue,
      args: [{ userId }],
    });
    const [, sid] = (await waitForLine(child, /DIALLED (CA[0-9a-f]{32})/)) as unknown as [string, string];
    const exited = new Promise((r) => child!.once('exit', r));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;

    // In the window: the provider has the call, our log has the attempt but not yet its call id.
    expect(await suite.tdb.knex('local_phone_calls').where({ to_number: number }).pluck('sid')).toEqual([sid]);
    const [recorded] = await suite.tdb.knex('call_attempts').where({ user_id: userId });
    expect(recorded).toMatchObject({ provider_call_id: null, outcome: 'pending' });

    // A healthy worker takes over once the dead one's heartbeat times out.
    const { worker, connection } = await createCallWorker(suite, taskQueue, deps);
    const result = await worker.runUntil(handle.result());
    await connection.close();

    expect(result).toEqual({ outcome: 'answered', durationSeconds: 12 });
    expect(await suite.tdb.knex('local_phone_calls').where({ to_number: number }).pluck('sid')).toEqual([sid]);
    const attempts = await suite.tdb.knex('call_attempts').where({ user_id: userId });
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ provider_call_id: sid, outcome: 'answered', duration_seconds: 12 });
  });
});
