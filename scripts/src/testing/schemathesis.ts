import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The schemathesis release the fault suite runs (PyPI). */
export const SCHEMATHESIS_VERSION = '4.32.5';

/** Where schemathesis's `st` is and how many threads it may fuzz with. */
export type Schemathesis = { st: string; python: string; workers: number };

/**
 * CPython before 3.11.8 / 3.12.2 shares the AST constructor's recursion counter between threads, so
 * two fuzzing threads can abort a run with "SystemError: AST constructor recursion depth mismatch"
 * (python/cpython#106905, fixed by python/cpython#113035). It aborted two runs in a row of one CI
 * job: an interpreter without the fix fuzzes with one thread only.
 */
function hasAstThreadFix([major = 0, minor = 0, patch = 0]: number[]): boolean {
  if (major !== 3) return major > 3;
  if (minor === 11) return patch >= 8;
  if (minor === 12) return patch >= 2;
  return minor >= 13;
}

async function versionOf(python: string): Promise<number[] | undefined> {
  try {
    const { stdout } = await run(python, ['-c', 'import sys, venv; print(*sys.version_info[:3])']);
    return stdout.trim().split(' ').map(Number);
  } catch {
    return undefined; // not installed, or no venv module
  }
}

/** The pythons this machine has: the ones on PATH, then the ones pyenv installed but did not select. */
async function candidatePythons(): Promise<string[]> {
  const found = ['python3.13', 'python3.12', 'python3'];
  try {
    const { stdout } = await run('pyenv', ['root']);
    const { stdout: bare } = await run('pyenv', ['versions', '--bare']);
    const versions = bare
      .split('\n')
      .map((v) => v.trim())
      .filter((v) => /^3\.\d+\.\d+$/.test(v))
      .reverse();
    found.push(...versions.map((v) => path.join(stdout.trim(), 'versions', v, 'bin', 'python3')));
  } catch {
    // no pyenv
  }
  return found;
}

/**
 * schemathesis installed from PyPI on first use into a virtualenv cached outside the repository
 * (~/.cache/fajr, like the Temporal test server's jars), one per interpreter. Prefers a python3 with
 * the fix above (two worker threads); without one it takes python3 and a single thread.
 */
export async function ensureSchemathesis(log: (line: string) => void = () => undefined): Promise<Schemathesis> {
  let chosen: { python: string; version: number[] } | undefined;
  for (const python of await candidatePythons()) {
    const version = await versionOf(python);
    if (version && hasAstThreadFix(version)) {
      chosen = { python, version };
      break;
    }
  }
  const workers = chosen ? 2 : 1;
  if (!chosen) {
    const version = await versionOf('python3');
    if (!version) throw new Error('schemathesis needs python3 with its venv module');
    chosen = { python: 'python3', version };
  }
  const dir = path.join(
    os.homedir(),
    '.cache',
    'fajr',
    `schemathesis-${SCHEMATHESIS_VERSION}-py${chosen.version.join('.')}`,
  );
  const st = path.join(dir, 'bin', 'st');
  const result = { st, python: `${chosen.python} (${chosen.version.join('.')})`, workers };
  if (existsSync(st)) return result;
  mkdirSync(path.dirname(dir), { recursive: true });
  log(`Installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI into ${dir}`);
  await run(chosen.python, ['-m', 'venv', dir]);
  await run(path.join(dir, 'bin', 'pip'), ['install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return result;
}
