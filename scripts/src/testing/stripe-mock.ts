import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { isExecutable, which } from '../lib/exec';
import { freePorts, portInUse } from '../lib/ports';

const exec = promisify(execFile);
export const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock@latest';

const onPath = (name: string) => which(name, process.env.PATH ?? '');

/**
 * Finds stripe-mock (STRIPE_MOCK_PATH, PATH, GOPATH/bin) or builds it with `go install` (about 15 s
 * the first time). Fails loudly when neither works: this test never skips itself.
 */
export async function resolveStripeMock(): Promise<string> {
  const configured = process.env.STRIPE_MOCK_PATH;
  if (configured) {
    if (await isExecutable(configured)) return configured;
    throw new Error(`STRIPE_MOCK_PATH=${configured} is not an executable file`);
  }
  const found = await onPath('stripe-mock');
  if (found) return found;
  const go = await onPath('go');
  if (!go)
    throw new Error(
      `stripe-mock is needed for the Stripe adapter tests: install Go (then \`go install ${STRIPE_MOCK_MODULE}\` runs by itself) or set STRIPE_MOCK_PATH`,
    );
  const { stdout } = await exec(go, ['env', 'GOPATH']);
  const bin = path.join(stdout.trim().split(path.delimiter)[0]!, 'bin', 'stripe-mock');
  if (await isExecutable(bin)) return bin;
  await exec(go, ['install', STRIPE_MOCK_MODULE], { timeout: 300_000 });
  if (await isExecutable(bin)) return bin;
  throw new Error(`go install ${STRIPE_MOCK_MODULE} did not produce ${bin}`);
}

export interface StripeMock {
  host: string;
  port: number;
  protocol: 'http';
  stop(): Promise<void>;
}

/** Starts stripe-mock (Stripe's API simulator, validating requests against the OpenAPI spec) on a free port. */
export async function startStripeMock(): Promise<StripeMock> {
  const bin = await resolveStripeMock();
  // Both listeners on free ports: by default it also takes :12112 for HTTPS, which parallel runs would fight over.
  const [port, httpsPort] = (await freePorts(2)) as [number, number];
  const child: ChildProcess = spawn(bin, ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${httpsPort}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  while (!(await portInUse(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`stripe-mock did not start: ${stderr.slice(-500)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
