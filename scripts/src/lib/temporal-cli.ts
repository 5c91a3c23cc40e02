import path from 'node:path';
import type { ScriptsConfig } from '../config';
import { findInstalled, isExecutable } from './exec';
import { findGo, goEnv, goInstall } from './go';

// v1.5.1 is the newest CLI whose go.mod has no replace directive, so `go install` can build it.
export const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';

/**
 * Finds the Temporal CLI in DESIGN.md's order: TEMPORAL_CLI_PATH, PATH, our cache, GOPATH/bin,
 * then builds it with `go install` into the cache. Returns undefined when none of these can work,
 * in which case the caller falls back to the SDK's own download.
 */
export async function resolveTemporalCli(cfg: ScriptsConfig): Promise<string | undefined> {
  const cacheBin = path.join(cfg.cacheDir, 'bin');
  const found = await findInstalled('temporal', {
    setting: 'TEMPORAL_CLI_PATH',
    given: cfg.TEMPORAL_CLI_PATH,
    searchPath: cfg.PATH,
    cacheBin,
  });
  if (found) return found;
  const cached = path.join(cacheBin, 'temporal');

  const go = await findGo(cfg.PATH);
  if (!go) return undefined;
  const gopath = await goEnv(go, 'GOPATH');
  const fromGopath = gopath ? path.join(gopath.split(path.delimiter)[0]!, 'bin', 'temporal') : '';
  if (fromGopath && (await isExecutable(fromGopath))) return fromGopath;

  await goInstall(
    go,
    `Building the Temporal CLI (go install ${TEMPORAL_CLI_MODULE}; takes 4-5 minutes the first time)`,
    [{ pkg: TEMPORAL_CLI_MODULE, as: 'temporal' }],
    cacheBin,
  );
  return cached;
}
