import { readFileSync } from 'node:fs';
import { cpuOf } from './lib';
import { postgresCpu, postmasterPid } from './proc';

/**
 * Where a search benchmark's time goes (issue 46 point 7): the CPU each process spent per request (the API,
 * Postgres, this process with autocannon, the worker and Temporal), the CPU of everything else on the
 * machine (other engineers' tests share its two cores), and the API's garbage collection and event-loop
 * delay (prom-client's default metrics on its METRICS_PORT).
 */

export interface Cost {
  /** CPU ms per request: the API process, Postgres (all backends), this process (autocannon). */
  apiMs: number;
  pgMs: number;
  benchMs: number;
  /** Cores used on average by the worker and Temporal, and by every process outside this benchmark. */
  sideCores: number;
  othersCores: number;
  /** The API's garbage collection, ms per request, and its event loop's p99 delay over the measurement. */
  gcMs: number;
  loopP99Ms: number;
}

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
function machineBusy(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + f[7]!) / 100;
}

/** The API's GC seconds so far and its event-loop p99 delay since the last scrape (prom-client resets it). */
async function apiRuntime(metricsUrl: string): Promise<{ gc: number; loopP99: number }> {
  const text = await (await fetch(metricsUrl)).text();
  let gc = 0;
  let loopP99 = NaN;
  for (const line of text.split('\n')) {
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (line.startsWith('nodejs_gc_duration_seconds_sum')) gc += value;
    if (line.startsWith('nodejs_eventloop_lag_p99_seconds ')) loopP99 = value;
  }
  return { gc, loopP99 };
}

/** A meter: `start()` before a measurement, then `stop(requests)` gives its Cost. */
export function costMeter(o: { pgDataDir: string; api: number; worker: number; temporal: number; metricsUrl: string }) {
  const master = postmasterPid(o.pgDataDir);
  const snap = () => ({
    at: performance.now(),
    api: cpuOf([o.api]),
    pg: postgresCpu(master),
    bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    side: cpuOf([o.worker, o.temporal]),
    busy: machineBusy(),
  });
  let before = snap();
  let gcBefore = 0;
  return {
    async start() {
      gcBefore = (await apiRuntime(o.metricsUrl)).gc; // also resets the event-loop histogram
      before = snap();
    },
    async stop(requests: number): Promise<Cost> {
      const after = snap();
      const runtime = await apiRuntime(o.metricsUrl);
      const d = (k: keyof ReturnType<typeof snap>) => after[k] - before[k];
      const seconds = d('at') / 1000;
      const perRequest = (s: number) => Math.round(((s * 1000) / Math.max(1, requests)) * 100) / 100;
      const ours = d('api') + d('pg') + d('bench') + d('side');
      return {
        apiMs: perRequest(d('api')),
        pgMs: perRequest(d('pg')),
        benchMs: perRequest(d('bench')),
        sideCores: Math.round((d('side') / seconds) * 100) / 100,
        othersCores: Math.round((Math.max(0, d('busy') - ours) / seconds) * 100) / 100,
        gcMs: perRequest(runtime.gc - gcBefore),
        loopP99Ms: Math.round(runtime.loopP99 * 1000 * 10) / 10,
      };
    },
  };
}
