import { spawn, type ChildProcess } from 'node:child_process';
import { Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { repoRoot } from '../config';
import { fajrCalls, fajrCallsWorkflowId } from '@fajr/workflows';

/** Helpers of the fault and worker tests: the real worker and API as processes, and starting users' call chains. */

export interface Proc {
  child: ChildProcess;
  output: string[];
  /** SIGKILL the whole process group (no shutdown, no hand-back: a crash). */
  kill(): void;
  /** SIGTERM, then SIGKILL after 10 s; resolves when gone. */
  stop(): Promise<void>;
}

/** Starts a TypeScript entry (worker/src/main.ts, api/src/server.ts) with arguments, as its own process group. */
export function startProcess(entry: string, env: Record<string, string>, args: string[] = []): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  const keep = (b: Buffer) => {
    output.push(...b.toString().split('\n').filter(Boolean));
    if (output.length > 400) output.splice(0, output.length - 400);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  return {
    child,
    output,
    kill: () => signal('SIGKILL'),
    stop: () =>
      gone()
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const t = setTimeout(() => signal('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
            signal('SIGTERM');
          }),
  };
}

/** Starts each user's fajrCalls chain as sign-up does (idempotent). */
export async function startChains(
  client: Client,
  taskQueue: string,
  userIds: string[],
  concurrency = 10,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < userIds.length) {
        const userId = userIds[next++]!;
        await client.workflow
          .start(fajrCalls, { workflowId: fajrCallsWorkflowId(userId), taskQueue, args: [{ userId }] })
          .catch((err) => {
            if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
          });
      }
    }),
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every second until it returns true or `ms` pass; returns whether it did. */
export async function waitUntil(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(1000);
  }
  return check();
}
