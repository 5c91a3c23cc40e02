import cluster from 'node:cluster';
import path from 'node:path';
import { loadScriptsConfig } from './config';

/**
 * The API as several processes on one port (`npm run start:cluster`): Node's cluster module forks
 * API_PROCESSES copies of api/src/server.ts (with this process's `--import tsx`); the primary hands
 * connections to them round-robin. SIGTERM/SIGINT reach every copy, which each shut down gracefully;
 * the primary exits when they have. A copy that dies on its own takes the others down (the
 * supervisor above then stops the stack), as a lone API process's death does.
 */
const { API_PROCESSES: count, API_CLUSTER_METRICS_PORT: metricsPort, repoRoot } = loadScriptsConfig();
cluster.setupPrimary({ exec: path.join(repoRoot, 'api', 'src', 'server.ts') });
let stopping = false;
let listening = 0;
// Each copy its own metrics port: a shared one would answer each scrape from whichever copy got it.
for (let i = 0; i < count; i += 1) cluster.fork(metricsPort ? { METRICS_PORT: String(metricsPort + 2 * i) } : {});
cluster.on('listening', () => {
  listening += 1;
  if (listening === count) process.stderr.write(`${count} API processes listening on one port (Node cluster)\n`);
});
cluster.on('exit', (worker, code, signal) => {
  if (!stopping) {
    process.stderr.write(
      `API process ${worker.process.pid} exited unexpectedly (${code ?? signal}); stopping the others\n`,
    );
    stop(1);
  }
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
});
let exitCode = 0;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));
