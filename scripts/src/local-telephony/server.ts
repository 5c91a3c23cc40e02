import { createDb, createLogger } from '@fajr/activities';
import { LocalTelephony } from '@fajr/activities/adapters/telephony/local';
import { serveLocalTelephony } from '@fajr/activities/adapters/telephony/local-server';
import { loadLocalTelephonyServerConfig } from './config';

/**
 * The local (simulated) telephony provider as a process of its own (issue 49 point 1): the worker and
 * API reach it with LOCAL_TELEPHONY_URL=http://127.0.0.1:<LOCAL_TELEPHONY_PORT>. It reads the same
 * settings as they do (DATABASE_URL, PUBLIC_BASE_URL for its callbacks, LOCAL_TELEPHONY_AUTH_TOKEN to
 * sign them, CALLER_ACCOUNTS / CALLS_PER_SECOND for its queues). Stops on SIGTERM/SIGINT.
 */
async function main() {
  const config = loadLocalTelephonyServerConfig();
  const port = config.LOCAL_TELEPHONY_PORT;
  const logger = createLogger('local-telephony', config.LOG_LEVEL);
  const db = createDb(config.DATABASE_URL, { min: 0, max: config.LOCAL_TELEPHONY_DB_POOL_MAX });
  const server = await serveLocalTelephony(new LocalTelephony(config, db, logger), logger, {
    port,
  });
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  // On stderr whatever the log level: whoever started it waits for this line.
  process.stderr.write(`local telephony server listening on http://127.0.0.1:${listening}\n`);
  const stop = () => {
    server.close();
    server.closeAllConnections();
    void db.destroy().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  process.stderr.write(`local telephony server: ${(err as Error).message}\n`);
  process.exit(1);
});
