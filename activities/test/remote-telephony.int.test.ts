import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { repoRoot } from '@fajr/scripts/config';
import { forwardLines, waitUntil } from '@fajr/scripts/lib/child-startup';
import { freePort } from '@fajr/scripts/lib/ports';
import { testCallInput } from '@fajr/scripts/testing/attempts';
import { insertUser, LONDON_PREFS, testDeps } from '@fajr/scripts/testing/fixtures';
import { freshPhone } from '@fajr/scripts/testing/phones';
import type { Deps } from '../src/deps';
import { attemptKeyFor, createCallActivities } from '../src/calls/calls.activities';
import { LocalTelephony } from '../src/adapters/telephony/local';
import { RemoteTelephony } from '../src/adapters/telephony/remote';
import { TelephonyError } from '../src/adapters/telephony/types';

jest.setTimeout(120_000);

// The simulated phones' status callbacks go nowhere: nothing here reads them.
const PUBLIC_BASE_URL = 'http://127.0.0.1:9';

/** The error a promise rejects with (fails the test if it resolves). */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

// Issue 49 point 1: the local provider in a process of its own (scripts/src/local-telephony/server.ts),
// a worker configured with LOCAL_TELEPHONY_URL dialling through it, as the burst benchmark runs them.
describe('the local telephony provider in its own process (real Postgres)', () => {
  let db: TestDatabase;
  let server: ChildProcess;
  let deps: Deps;
  let remote: RemoteTelephony;
  /** The same provider in this process (the API's dev console, and the in-process errors to compare with). */
  let inProcess: LocalTelephony;

  beforeAll(async () => {
    db = await createTestDatabase();
    const port = await freePort();
    server = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'scripts', 'src', 'local-telephony', 'server.ts')],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: db.url,
          LOG_LEVEL: 'warn',
          PUBLIC_BASE_URL,
          LOCAL_TELEPHONY_PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const tail = forwardLines(server);
    const url = `http://127.0.0.1:${port}`;
    // Any HTTP answer (a 400 to an empty GET) says it listens.
    await waitUntil(server, tail, 'the local telephony server', 60_000, async () => void (await fetch(url)));
    deps = testDeps(db.knex, db.url, { LOCAL_TELEPHONY_URL: url, PUBLIC_BASE_URL, CALL_ARM_LEAD_SECONDS: '0' });
    remote = deps.providers.telephony as RemoteTelephony;
    inProcess = deps.providers.devConsoles.phone as LocalTelephony;
  });

  afterAll(async () => {
    remote?.close();
    server?.kill('SIGTERM');
    await new Promise((r) => (server?.exitCode === null ? server.once('exit', r) : r(null)));
    await db?.drop();
  });

  it('when the worker is configured with LOCAL_TELEPHONY_URL, then it uses the remote adapter and keeps the in-process console', () => {
    expect(remote).toBeInstanceOf(RemoteTelephony);
    expect(inProcess).toBeInstanceOf(LocalTelephony);
    expect([remote.provider, remote.account]).toEqual(['local', 'local']);
  });

  it('when the dial activity places a call through the server, then the local phone receives it and the server rings it to its end', async () => {
    const phone = freshPhone();
    const userId = await insertUser(db.knex, { prefs: LONDON_PREFS, phoneNumber: phone });
    const input = testCallInput(userId, 'remote-1', new Date().toISOString().slice(0, 10));
    const result = await new MockActivityEnvironment().run(createCallActivities(deps).dialCall, input);
    expect(result).toMatchObject({ status: 'placed' });
    const attempt = await db
      .knex('call_attempts')
      .where({ attempt_key: attemptKeyFor(input) })
      .first();
    const row = await db.knex('local_phone_calls').where({ sid: attempt.provider_call_id }).first();
    expect(row).toMatchObject({ to_number: phone, status: expect.stringMatching(/queued|ringing/) });
    // The server's own timer answers it after the default 2 s of ringing; asked through the adapter.
    await new Promise((r) => setTimeout(r, 2500));
    await expect(remote.getCall(row.sid)).resolves.toMatchObject({ sid: row.sid, status: 'completed' });
    await expect(remote.findCall(phone, row.created_at)).resolves.toMatchObject({ sid: row.sid });
    await expect(remote.findCall(phone, new Date(Date.now() + 60_000), undefined, { quick: true })).resolves.toBeNull();
  });

  it("when the provider refuses a call, then the worker gets the same TelephonyError as in process (message, retryable, code), and the dial's retry sees it", async () => {
    const phone = freshPhone();
    await inProcess.setBehaviour(phone, { outcome: 'fail' });
    const call = { to: phone, adhaanUrl: '/audio/adhaan.mp3', attemptKey: 'remote-refused' };
    const local = (await rejection(inProcess.placeCall(call))) as TelephonyError;
    const viaServer = await rejection(remote.placeCall(call));
    expect(viaServer).toBeInstanceOf(TelephonyError);
    expect(viaServer).toMatchObject({ name: 'TelephonyError', retryable: true, code: 'local-fail' });
    expect((viaServer as TelephonyError).message).toBe(local.message);

    // Through the dial activity: retryable, so the attempt stays pending and the activity asks to be retried.
    const userId = await insertUser(db.knex, { prefs: LONDON_PREFS, phoneNumber: phone });
    const input = testCallInput(userId, 'remote-2', new Date().toISOString().slice(0, 10));
    await expect(new MockActivityEnvironment().run(createCallActivities(deps).dialCall, input)).rejects.toMatchObject({
      nonRetryable: false,
    });
  });

  it('when asked about a call it never placed, then the non-retryable 20404 arrives as in process', async () => {
    const err = await rejection(remote.getCall('CA00000000000000000000000000000000'));
    expect(err).toBeInstanceOf(TelephonyError);
    expect(err).toMatchObject({ retryable: false, code: 20404 });
  });

  it('when a person answers a manual call in the dev console (the API process), then the call the server rings ends as they chose', async () => {
    const phone = freshPhone();
    await inProcess.setBehaviour(phone, { outcome: 'manual' });
    const { sid } = await remote.placeCall({ to: phone, adhaanUrl: '/audio/adhaan.mp3', attemptKey: 'remote-manual' });
    await expect(remote.getCall(sid)).resolves.toMatchObject({ status: 'ringing' });
    await inProcess.act(sid, { action: 'answer', durationSeconds: 12 });
    await expect(remote.getCall(sid)).resolves.toMatchObject({ status: 'completed', durationSeconds: 12 });
  });
});
