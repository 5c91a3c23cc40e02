import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The schemathesis release the fault suite runs (PyPI). */
export const SCHEMATHESIS_VERSION = '4.32.5';

/**
 * The path of schemathesis's `st`, installed from PyPI on first use into a virtualenv cached outside
 * the repository (~/.cache/fajr, like the Temporal test server's jars). Needs python3 with venv.
 */
export async function ensureSchemathesis(log: (line: string) => void = () => undefined): Promise<string> {
  const dir = path.join(os.homedir(), '.cache', 'fajr', `schemathesis-${SCHEMATHESIS_VERSION}`);
  const st = path.join(dir, 'bin', 'st');
  if (existsSync(st)) return st;
  mkdirSync(path.dirname(dir), { recursive: true });
  log(`Installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI into ${dir}`);
  await run('python3', ['-m', 'venv', dir]);
  await run(path.join(dir, 'bin', 'pip'), ['install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`], { maxBuffer: 16 * 1024 * 1024 });
  return st;
}
