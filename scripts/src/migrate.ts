import { loadScriptsConfig } from './config';
import { migrateAndSeed } from './lib/database';
import { log, withProgress } from './lib/progress';

/** `npm run migrate`: migrations and seeds against DATABASE_URL (used by docker-compose and deployments). */
async function main() {
  const cfg = loadScriptsConfig();
  if (!cfg.DATABASE_URL) throw new Error('DATABASE_URL is required');
  await withProgress('Running migrations and seeds', () => migrateAndSeed(cfg.DATABASE_URL!));
}

main().catch((err) => {
  log(`migrate failed: ${(err as Error).message}`);
  process.exit(1);
});
