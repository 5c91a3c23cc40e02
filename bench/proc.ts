import { readdirSync, readFileSync } from 'node:fs';

// Process accounting for benchmarks: CPU of a whole Postgres (postmaster and backends) from /proc.

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
