// First: tracing (when configured) must instrument http and Express before they are loaded.
import { tracing } from './tracing';
import { createDb, createLogger, createProviders, ConfigError } from '@fajr/activities';
import { cityIndex } from '@fajr/activities/domain/cities';
import { serveMetrics } from '@fajr/activities/metrics';
import { collectDefaultMetrics } from 'prom-client';
import { createApp } from './app';
import { loadApiConfig } from './config';
import type { ApiDeps } from './deps';
import { closeTemporal, createTemporalClient } from './temporal';

/** Starts the HTTP API: config once, one knex pool, one Temporal client, graceful shutdown. */
async function main() {
  const config = loadApiConfig();
  const logger = createLogger('api', config.LOG_LEVEL);
  const db = createDb(config.DATABASE_URL);
  const deps: ApiDeps = {
    config,
    db,
    logger,
    providers: createProviders(config, db, logger),
    temporal: createTemporalClient(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE),
    now: () => new Date(),
  };
  const app = createApp(deps);
  if (config.METRICS_PORT !== undefined) {
    collectDefaultMetrics();
    const metrics = await serveMetrics({ port: config.METRICS_PORT, host: config.METRICS_HOST });
    logger.info({ metrics: metrics.url }, 'metrics served');
  }
  const server = app.listen(config.PORT, config.HOST);
  server.on('listening', () => {
    logger.info({ port: config.PORT }, `API listening on http://${config.HOST}:${config.PORT}`);
    // Build the city search index (about 1 s) now rather than on the first user's keystroke.
    setImmediate(() => cityIndex());
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    logger.fatal(err.code === 'EADDRINUSE' ? `Port ${config.PORT} is already in use` : err.message);
    process.exit(1);
  });
  const shutdown = () => {
    logger.info('API shutting down');
    server.close(async () => {
      await tracing?.shutdown();
      await db.destroy();
      await closeTemporal(deps);
      process.exit(0);
    });
    server.closeAllConnections();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err) => {
  process.stderr.write(`api: ${err instanceof ConfigError ? err.message : (err?.stack ?? err)}\n`);
  process.exit(1);
});
