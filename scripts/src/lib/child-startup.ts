import type { ChildProcess } from 'node:child_process';

/** Watching a server process come up: its output passed on, and a probe until it answers. */

/** Passes each output line on; returns the last few, for the error when the process does not come up. */
export function forwardLines(child: ChildProcess, onLine?: (line: string) => void): string[] {
  const tail: string[] = [];
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      onLine?.(line);
      tail.push(line.slice(0, 500));
      if (tail.length > 8) tail.shift();
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return tail;
}

/** Probes until the process answers; fails with its last lines if it exits first, or on the timeout. */
export async function waitUntil(
  child: ChildProcess,
  tail: string[],
  what: string,
  timeoutMs: number,
  probe: () => Promise<void>,
): Promise<void> {
  let exited: string | undefined;
  child.on('exit', (code, signal) => (exited = `exited with ${code ?? signal}`));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`${what} ${exited} before it answered; its last lines:\n${tail.join('\n')}`);
    try {
      await probe();
      return;
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${what} did not answer within ${timeoutMs / 1000}s: ${(err as Error).message}`, {
          cause: err,
        });
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}
