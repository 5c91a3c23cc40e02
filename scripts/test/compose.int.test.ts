import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sharedConfigSchema } from '@fajr/activities';
import { loadApiConfig } from '@fajr/api/config';
import { loadWorkerConfig } from '@fajr/worker/config';
import { customSearchAttributes } from '@fajr/workflows';
import { loadScriptsConfig, repoRoot } from '../src/config';
import { resolveDockerCompose, type DockerCompose } from '../src/lib/compose';
import { run } from '../src/lib/exec';
import { TEMPORAL_SERVER_VERSION } from '../src/lib/temporal-server';

/**
 * docker-compose.yml, read by `docker compose config` (the client needs no engine for it): every
 * Fajr process starts the way the project starts it, the Temporal services use the images Temporal
 * documents now, and each process's own config loader accepts the environment compose gives it once
 * an operator has set what the loader asks for (each asked-for variable passed through to the
 * service and documented in .env.example). Without a docker client this skips saying so.
 */

// Building the compose plugin the first time (go build) takes minutes; later runs find it in the cache.
jest.setTimeout(1_300_000);

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string | null>;
  stop_grace_period?: string;
}

/** Values an operator would put in .env for variables that need a format; any other gets a plain string. */
const SAMPLES: Record<string, string> = {
  FAJR_CALLER_NUMBER: '+447700900123',
  APPLE_APP_ID: 'ABCDE12345.app.fajr.ios',
  ANDROID_PACKAGE_NAME: 'app.fajr.android',
  PLAY_INTEGRITY_SERVICE_ACCOUNT: '{"type":"service_account"}',
  APPLE_APP_APPLE_ID: '1234567890',
  SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
};
const sampleOf = (name: string) => SAMPLES[name] ?? `set-by-the-operator-${name.toLowerCase()}`;
const knownVariables = new Set(Object.keys(sharedConfigSchema.shape));
/** The configuration variables a loader's error (or compose's) names. */
const variablesIn = (message: string) =>
  [...new Set(message.match(/\b[A-Z][A-Z0-9_]{2,}\b/g) ?? [])].filter((v) => knownVariables.has(v));

/** The processes compose starts with the project's code, and the loader each one starts with. */
const PROCESSES: { service: string; load: (env: Record<string, string | undefined>) => unknown }[] = [
  { service: 'worker', load: loadWorkerConfig },
  { service: 'api', load: loadApiConfig },
  {
    service: 'migrate',
    load: (env) => {
      // scripts/src/migrate.ts: the scripts' loader, and DATABASE_URL, which it requires itself.
      if (!loadScriptsConfig(env as NodeJS.ProcessEnv).DATABASE_URL) throw new Error('DATABASE_URL is required');
    },
  },
];

const cfg = loadScriptsConfig();
let compose: DockerCompose | string = 'not resolved';

beforeAll(async () => {
  compose = await resolveDockerCompose(cfg);
  if (typeof compose === 'string') process.stderr.write(`SKIPPED scripts/test/compose.int.test.ts: ${compose}\n`);
});

/** `docker compose config` of the repository's file with `outside` as the operator's .env; its error when compose refuses. */
async function composeConfig(
  outside: Record<string, string>,
): Promise<{ services: Record<string, ComposeService> } | { error: string }> {
  const { docker, env } = compose as DockerCompose;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fajr-compose-'));
  try {
    const envFile = path.join(dir, '.env');
    await writeFile(
      envFile,
      Object.entries(outside)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join('\n'),
    );
    let out = '';
    try {
      await run(
        docker,
        [
          'compose',
          '--env-file',
          envFile,
          '-f',
          path.join(repoRoot, 'docker-compose.yml'),
          'config',
          '--format',
          'json',
        ],
        {
          cwd: repoRoot,
          env,
          onLine: (l) => (out += `${l}\n`),
        },
      );
    } catch (err) {
      return { error: (err as Error).message };
    }
    return JSON.parse(out.slice(out.indexOf('{'))) as { services: Record<string, ComposeService> };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const withCompose = (name: string, fn: () => Promise<void>) =>
  it(name, async () => {
    if (typeof compose === 'string') return; // skipped, said why above
    await fn();
  });

describe('docker-compose.yml through `docker compose config`', () => {
  withCompose(
    'when an operator sets what each process asks for, then compose passes every required variable to it and its config loads',
    async () => {
      const outside: Record<string, string> = {};
      let services: Record<string, ComposeService> | undefined;
      for (let round = 0; round < 8 && !services; round += 1) {
        const result = await composeConfig(outside);
        if ('error' in result) {
          // Compose's own requirement (`${VAR:?…}`): the operator sets it.
          const named = [...result.error.matchAll(/required variable (\w+) is missing/g)].map((m) => m[1]!);
          expect({ named, error: named.length ? '' : result.error }).toEqual({
            named: expect.arrayContaining([expect.any(String)]),
            error: '',
          });
          for (const v of named) outside[v] = sampleOf(v);
          continue;
        }
        const asked = new Set<string>();
        for (const { service, load } of PROCESSES) {
          const env = Object.fromEntries(
            Object.entries(result.services[service]?.environment ?? {}).map(([k, v]) => [k, v ?? undefined]),
          );
          try {
            load(env);
          } catch (err) {
            const named = variablesIn((err as Error).message);
            expect({ service, named, error: named.length ? '' : (err as Error).message }).toEqual({
              service,
              named: expect.arrayContaining([expect.any(String)]),
              error: '',
            });
            // The operator can set it only if compose passes it through to this service.
            expect({ service, notPassed: named.filter((v) => !(v in env)) }).toEqual({ service, notPassed: [] });
            for (const v of named) asked.add(v);
          }
        }
        const again = [...asked].filter((v) => v in outside);
        expect({ setButStillRefused: again }).toEqual({ setButStillRefused: [] });
        if (!asked.size) services = result.services;
        for (const v of asked) outside[v] = sampleOf(v);
      }
      expect(services).toBeDefined();
      // Every variable an operator must set is documented where they look for it.
      const documented = readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
      expect(Object.keys(outside).filter((v) => !new RegExp(`^#?\\s*${v}=`, 'm').test(documented))).toEqual([]);
      process.stdout.write(`compose: the operator sets ${Object.keys(outside).join(', ')}\n`);
    },
  );

  withCompose(
    "when the services are read, then each Fajr process starts as the project starts it, Temporal runs on temporalio/server with admin-tools' schema and namespace jobs, and monitoring stays",
    async () => {
      const result = await composeConfig({ OTP_SECRET: sampleOf('OTP_SECRET') });
      if ('error' in result) throw new Error(result.error);
      const { services } = result;
      // `node --import tsx <entry>`, as package.json's scripts run it (`npx tsx` would cut graceful shutdowns short: DECISIONS.md).
      const migrateScript = (
        JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
      ).scripts.migrate!;
      const runner = migrateScript.split(' ').slice(0, 3);
      expect(runner).toEqual(['node', '--import', 'tsx']);
      for (const { service } of PROCESSES) {
        const command = services[service]?.command ?? [];
        expect({ service, runner: command.slice(0, 3) }).toEqual({ service, runner });
        expect({ service, entry: command[3], exists: existsSync(path.join(repoRoot, command[3] ?? '-')) }).toEqual({
          service,
          entry: command[3],
          exists: true,
        });
      }
      expect(services.migrate!.command).toEqual(migrateScript.split(' '));
      // A worker stopped by a deploy hands its calls back and waits up to 30 s for a dial in flight (worker/src/main.ts).
      expect(Number.parseInt(services.worker!.stop_grace_period ?? '10s', 10)).toBeGreaterThan(30);

      // Temporal's images: the server, its schema set up by admin-tools (temporalio/auto-setup is deprecated), the same version as the server we build.
      const version = TEMPORAL_SERVER_VERSION.replace(/^v/, '');
      expect(Object.values(services).filter((s) => s.image?.includes('auto-setup'))).toEqual([]);
      expect(services.temporal!.image).toBe(`temporalio/server:${version}`);
      expect(services['temporal-schema']!.image).toBe(`temporalio/admin-tools:${version}`);
      expect(services['temporal-schema']!.command!.join(' ')).toContain('temporal-sql-tool');
      expect(services['temporal-namespace']!.image).toBe(`temporalio/admin-tools:${version}`);
      const namespaceJob = services['temporal-namespace']!.command!.join(' ');
      for (const attribute of customSearchAttributes) expect(namespaceJob).toContain(attribute.name);
      expect(services.temporal!.environment).toMatchObject({ DB: 'postgres12', NUM_HISTORY_SHARDS: '4' });

      // Monitoring (issue 19) stays.
      expect(Object.keys(services)).toEqual(expect.arrayContaining(['prometheus', 'grafana', 'temporal-ui']));
    },
  );
});
