import { execFile } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../src/config';
import { useOps } from '@fajr/scripts/testing/ops';

jest.setTimeout(30_000);

const h = useOps();
const { ops } = h;

describe('npm run ops -- --help', () => {
  it('prints the usage; an unknown command is a usage error', async () => {
    expect(await ops('--help')).toMatchObject({ code: 0, out: expect.stringContaining('mosque import-timetable') });
    expect(await ops('mosque', 'destroy')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unknown command: mosque destroy'),
    });
  });
});

describe('the npm run ops entry point', () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
          path.join(repoRoot, 'scripts', 'src', 'ops.ts'),
          ...args,
        ],
        { env: { ...process.env, DATABASE_URL: h.db.url, ...env }, cwd: repoRoot },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it("reads DATABASE_URL, prints to stdout and exits with the command's code", async () => {
    const list = await run(['mosque', 'list']);
    expect(list).toMatchObject({ code: 0, stdout: expect.stringContaining('East London Mosque') });
    const bad = await run(['requests', 'resolve', 'nope', '--rejected', 'x']);
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining('No mosque request nope') });
  });

  it('with OPS_REPORT_EMAIL, e-mails the morning report through the configured provider', async () => {
    // OPS_REPORT_EMAIL: the morning report goes out through the configured e-mail provider (local: the outbox).
    const mailed = await run(['morning', '--date', '2026-10-01'], {
      OPS_REPORT_EMAIL: 'entry-point@example.com',
      EMAIL_PROVIDER: 'local',
    });
    expect(mailed).toMatchObject({ code: 0, stdout: expect.stringContaining('E-mailed to entry-point@example.com.') });
    expect(await h.db.knex('local_outbox').where({ recipient: 'entry-point@example.com' }).pluck('subject')).toEqual([
      'Fajr morning 2026-10-01: no calls planned',
    ]);
  });
});
