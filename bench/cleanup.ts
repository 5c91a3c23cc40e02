/** The benchmarks' teardown: what each started is stopped at the end, on failure and on Ctrl-C. */

/** Everything a benchmark started, stopped in reverse order by `cleanup()` (also on Ctrl-C). */
const cleanups: (() => Promise<void>)[] = [];
export function onCleanup(fn: () => Promise<void>): void {
  cleanups.push(fn);
}
export async function cleanup(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!().catch((err) => console.error(`cleanup failed: ${err}`));
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => void cleanup().finally(() => process.exit(130)));
}

/** Runs a benchmark's main, always stopping its servers, exiting non-zero on failure. */
export function runBench(main: () => Promise<void>): void {
  main()
    .then(cleanup, async (err) => {
      console.error(err?.stack ?? err);
      await cleanup();
      process.exitCode = 1;
    })
    .finally(() => process.exit());
}
