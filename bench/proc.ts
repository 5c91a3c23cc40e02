import { readdirSync, readFileSync } from 'node:fs';

// Process accounting for benchmarks from /proc: a process's memory and CPU, and CPU of a whole Postgres
// (postmaster and backends).

/** The postmaster: the process whose command line names the data dir. */
export function postmasterPid(dataDir: string): number | undefined {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (cmd.includes(`-D\0${dataDir}`) || cmd.includes(`-D ${dataDir}`)) return Number(d);
    } catch {
      // gone
    }
  }
  return undefined;
}

/** CPU seconds of Postgres: the postmaster, its exited backends (cutime/cstime) and its live ones. */
export function postgresCpu(master: number | undefined): number {
  if (!master) return NaN;
  let total = 0;
  try {
    const stat = readFileSync(`/proc/${master}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return NaN;
  }
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === master) total += (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      // gone
    }
  }
  return total;
}

/** Resident memory of a process in MiB, from /proc/<pid>/status (VmRSS). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Total CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return ticks / 100; // USER_HZ is 100 on Linux
}

/** Sums the CPU seconds of processes (an exited one counts 0). */
export function cpuOf(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuSeconds(pid);
    } catch {
      // exited
    }
  }
  return total;
}

/** CPU seconds so far of each process of a benchmark's stack, by name. */
export type CpuByProcess = Record<string, number>;

/**
 * A sampler of CPU seconds so far of each named process (an exited one counts 0) and of the whole
 * Postgres under `pgDataDir` (the postmaster and its backends), under `postgres`.
 */
export function cpuSampler(pgDataDir: string, pids: Record<string, number | undefined>): () => CpuByProcess {
  const master = postmasterPid(pgDataDir);
  if (!master) console.warn('could not find the postmaster: Postgres CPU is not counted');
  return () => ({
    ...Object.fromEntries(
      Object.entries(pids)
        .filter(([, pid]) => pid !== undefined)
        .map(([name, pid]) => [name, cpuOf([pid!])]),
    ),
    postgres: postgresCpu(master),
  });
}

/** CPU seconds each process used from sample `from` to sample `to`. */
export function cpuBetween(to: CpuByProcess, from: CpuByProcess | undefined): CpuByProcess {
  return from ? Object.fromEntries(Object.entries(to).map(([p, v]) => [p, v - (from[p] ?? 0)])) : {};
}

/** CPU milliseconds per call of each process over a stretch of `calls` calls. */
export function cpuMsPerCall(cpu: CpuByProcess, calls: number): CpuByProcess {
  return Object.fromEntries(Object.entries(cpu).map(([p, v]) => [p, calls > 0 ? (v * 1000) / calls : NaN]));
}
