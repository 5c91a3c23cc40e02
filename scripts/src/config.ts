import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Configuration of the developer scripts (start, test, migrate): read and validated once. */
const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  TEMPORAL_ADDRESS: z.string().min(1).optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_CLI_PATH: z.string().min(1).optional(),
  TEMPORAL_TEST_SERVER_PATH: z.string().min(1).optional(),
  /** A promtool binary to check the alert rules with (else PATH, the cache, or `go install`). */
  PROMTOOL_PATH: z.string().min(1).optional(),
  FAJR_CACHE_DIR: z.string().min(1).optional(),
  XDG_CACHE_HOME: z.string().min(1).optional(),
  FAJR_DATA_DIR: z.string().min(1).optional(),
  POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  TEMPORAL_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  WEB_PORT: z.coerce.number().int().min(1).max(65535).default(5173),
  /** How many API processes scripts/src/api-cluster.ts forks (`npm run start:cluster`). */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(2),
  /** Where the first of those serves its metrics (each next one 2 ports up); unset: no metrics. */
  API_CLUSTER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where `npm start` serves the API's and the worker's Prometheus metrics (GET /metrics; docs/OPERATIONS.md). */
  API_METRICS_PORT: z.coerce.number().int().min(1).max(65535).default(9464),
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).default(9465),
  /** Where `npm run ops -- morning` e-mails its report when --email is not given (docs/OPERATIONS.md). */
  OPS_REPORT_EMAIL: z.string().min(1).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  CI: z.string().optional(),
  PATH: z.string().default(''),
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** The web app's public URL for links in messages; unset: the Vite server's in development, PUBLIC_BASE_URL in production. */
  PUBLIC_WEB_URL: z.string().url().optional(),
  CORS_ORIGINS: z.string().optional(),
});

export type ScriptsConfig = z.infer<typeof schema> & { cacheDir: string; dataDir: string; repoRoot: string };

export const repoRoot = path.resolve(__dirname, '..', '..');

export function loadScriptsConfig(env: NodeJS.ProcessEnv = process.env): ScriptsConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const cfg = parsed.data;
  const cacheDir = cfg.FAJR_CACHE_DIR ?? path.join(cfg.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'fajr');
  const dataDir = cfg.FAJR_DATA_DIR ?? path.join(repoRoot, '.data');
  return { ...cfg, cacheDir, dataDir, repoRoot };
}
