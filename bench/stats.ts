import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Figures of a benchmark: percentiles, their summary, number format, and the machine they were measured on. */

/** The p-th percentile (0–100) of numbers, nearest-rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summary(values: number[]): { n: number; p50: number; p99: number; max: number; mean: number } {
  const mean = values.reduce((a, b) => a + b, 0) / (values.length || 1);
  return {
    n: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: percentile(values, 100),
    mean,
  };
}

/** Facts to put beside every figure: cores, memory, kernel, node, load at the time. */
export function machine(): Record<string, string | number> {
  let uname: string;
  try {
    uname = execFileSync('uname', ['-a']).toString().trim();
  } catch {
    uname = `${os.type()} ${os.release()}`;
  }
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    uname,
    node: process.version,
    loadavgAtStart: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));
