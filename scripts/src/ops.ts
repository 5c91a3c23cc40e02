import { createKnex } from '@fajr/migrations';
import { loadScriptsConfig } from './config';
import { runOps, USAGE } from './ops/commands';

/** `npm run ops -- …`: the operators' command for the mosque catalogue and mosque requests. */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (!argv.length || ['--help', '-h', 'help'].includes(argv[0]!)) {
    process.stdout.write(`${USAGE}\n`);
    return argv.length ? 0 : 2;
  }
  const cfg = loadScriptsConfig();
  // Without DATABASE_URL: the database `npm start` runs locally.
  const url = cfg.DATABASE_URL ?? `postgres://fajr:fajr@127.0.0.1:${cfg.POSTGRES_PORT}/fajr`;
  const db = createKnex(url);
  try {
    return await runOps(argv, { db, out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) });
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    const e = err as { code?: string; message?: string };
    const down = e?.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(e?.message ?? '');
    process.stderr.write(`ops: ${down ? 'cannot reach Postgres (is `npm start` running, or DATABASE_URL set?)' : (e?.message ?? String(err))}\n`);
    process.exit(1);
  },
);
