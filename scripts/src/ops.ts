import { createKnex } from '@fajr/migrations';
import { loadScriptsConfig } from './config';
import { loadProvidersConfig } from './ops/config';
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
    // The e-mail provider as the API and worker configure it (EMAIL_PROVIDER, SMTP_URL, EMAIL_FROM); only `morning --email` makes it.
    const email = async () => {
      // Loaded on demand: the activities package is large, and the other commands do not need it.
      const [{ createLogger }, { createEmail }] = await Promise.all([
        import('@fajr/activities'),
        import('@fajr/activities/adapters/email/index'),
      ]);
      return createEmail(await loadProvidersConfig(url), db, createLogger('ops', 'warn'));
    };
    // The SMS provider and the web's URL likewise, for a mosque request's answer (`requests resolve`).
    const messaging = async () => {
      const [{ createLogger }, { createMessaging }] = await Promise.all([
        import('@fajr/activities'),
        import('@fajr/activities/adapters/messaging/index'),
      ]);
      return createMessaging(await loadProvidersConfig(url), db, createLogger('ops', 'warn'));
    };
    const webUrl = async () => (await import('@fajr/activities')).publicWebUrl(await loadProvidersConfig(url));
    const out = (l: string) => process.stdout.write(`${l}\n`);
    return await runOps(argv, {
      db,
      out,
      err: (l) => process.stderr.write(`${l}\n`),
      email,
      messaging,
      webUrl,
      reportEmail: cfg.OPS_REPORT_EMAIL,
    });
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    const e = err as { code?: string; message?: string };
    const down = e?.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(e?.message ?? '');
    process.stderr.write(
      `ops: ${down ? 'cannot reach Postgres (is `npm start` running, or DATABASE_URL set?)' : (e?.message ?? String(err))}\n`,
    );
    process.exit(1);
  },
);
