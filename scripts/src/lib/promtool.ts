import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ScriptsConfig } from '../config';
import { findInstalled, isExecutable, which } from './exec';

const exec = promisify(execFile);

// v0.316.0 (Prometheus 3.x) is the first whose go.mod has no replace or exclude directive, so
// `go install` can build it. Its Nomad discovery needs a module the Go proxy does not serve, so it is
// built with every service discovery left out but DNS (the one our prometheus.yml uses): promtool's
// rule and config checks need nothing else.
export const PROMTOOL_MODULE = 'github.com/prometheus/prometheus/cmd/promtool@v0.316.0';
export const PROMTOOL_TAGS = 'remove_all_sd,enable_dns_sd';

/**
 * Finds promtool (PROMTOOL_PATH, PATH, our cache) or builds it with `go install` into the cache
 * (~/.cache/fajr/bin, beside the Temporal CLI; a few minutes the first time). Fails loudly when
 * neither works: the monitoring test never skips itself.
 */
export async function resolvePromtool(cfg: ScriptsConfig): Promise<string> {
  const cacheBin = path.join(cfg.cacheDir, 'bin');
  const found = await findInstalled('promtool', {
    setting: 'PROMTOOL_PATH',
    given: cfg.PROMTOOL_PATH,
    searchPath: cfg.PATH,
    cacheBin,
  });
  if (found) return found;
  const cached = path.join(cacheBin, 'promtool');
  const go = await which('go', cfg.PATH);
  if (!go)
    throw new Error(
      `promtool is needed to check the alert rules: install Go (then \`go install ${PROMTOOL_MODULE}\` runs by itself) or set PROMTOOL_PATH`,
    );
  await mkdir(cacheBin, { recursive: true });
  await exec(go, ['install', `-tags=${PROMTOOL_TAGS}`, PROMTOOL_MODULE], {
    env: { ...process.env, GOBIN: cacheBin },
    timeout: 1_200_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  if (await isExecutable(cached)) return cached;
  throw new Error(`go install ${PROMTOOL_MODULE} did not produce ${cached}`);
}
