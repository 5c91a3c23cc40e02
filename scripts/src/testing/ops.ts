// The ops CLI as its tests run it: runOps in process on a fresh database, with a scratch folder for files.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { runOps, type OpsIo } from '../ops/commands';

export interface OpsRun {
  code: number;
  out: string;
  err: string;
}

export interface OpsHarness {
  /** The file's database (set in its beforeAll). */
  readonly db: TestDatabase;
  /** A scratch folder, removed after the file's tests. */
  readonly dir: string;
  /** `npm run ops -- <argv>`: its exit code and what it printed to stdout and stderr. */
  ops(...argv: string[]): Promise<OpsRun>;
  /** The same with e-mail providers given (the morning report's delivery). */
  opsWith(io: Pick<OpsIo, 'email' | 'reportEmail'>, ...argv: string[]): Promise<OpsRun>;
  /** Writes a file into the scratch folder and returns its path. */
  csvFile(name: string, text: string): Promise<string>;
  /** A user with preferences (the default method and rule unless given); returns its id. */
  user(prefs: Record<string, unknown>): Promise<string>;
}

/** Registers the beforeAll/afterAll of a test file that runs the ops CLI, and returns its harness. */
export function useOps(): OpsHarness {
  let db: TestDatabase | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'fajr-ops-test-'));
  });
  afterAll(async () => {
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const started = () => {
    if (!db || !dir) throw new Error('useOps: used before its beforeAll ran');
    return { db, dir };
  };
  const opsWith = async (io: Pick<OpsIo, 'email' | 'reportEmail'>, ...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, {
      db: started().db.knex,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      ...io,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  return {
    get db() {
      return started().db;
    },
    get dir() {
      return started().dir;
    },
    opsWith,
    ops: (...argv) => opsWith({}, ...argv),
    async csvFile(name, text) {
      const file = path.join(started().dir, name);
      await writeFile(file, text);
      return file;
    },
    async user(prefs) {
      const { knex } = started().db;
      const [u] = await knex('users')
        .insert({ email: `ops-${Math.random().toString(36).slice(2)}@example.com`, password_hash: 'x' })
        .returning('id');
      const [method] = await knex('prayer_calc_methods').where({ is_default: true }).pluck('name');
      const [hlat] = await knex('prayer_calc_high_lats').where({ is_default: true }).pluck('name');
      await knex('preferences').insert({ user_id: u.id, prayer_calc_method: method, prayer_calc_hlat: hlat, ...prefs });
      return u.id as string;
    },
  };
}
