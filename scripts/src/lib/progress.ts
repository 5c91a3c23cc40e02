/** Says what a slow step is doing, with the time spent so far, until it ends. */
export async function withProgress<T>(label: string, work: () => Promise<T>, everyMs = 10_000): Promise<T> {
  const started = Date.now();
  log(`${label} …`);
  const timer = setInterval(() => log(`${label} … ${Math.round((Date.now() - started) / 1000)}s`), everyMs);
  try {
    const result = await work();
    log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    return result;
  } finally {
    clearInterval(timer);
  }
}

export function log(message: string): void {
  process.stderr.write(`[fajr] ${message}\n`);
}

/** An error whose message is meant for the person at the terminal: printed alone, no stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}
