import { mkdir, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScriptsConfig } from '../config';
import { isExecutable, run, which } from './exec';
import { findGo, goModuleDir } from './go';
import { log, withProgress } from './progress';

/**
 * Docker Compose v2, the `docker compose` plugin. `go install` refuses it (its go.mod has exclude
 * directives), so where the docker client has no compose plugin it is built with `go build` inside
 * its module (from the Go module proxy, like the Temporal server) into a plugin directory of our cache.
 */
export const COMPOSE_MODULE = 'github.com/docker/compose/v2@v2.39.2';

/** How to run `docker compose …`: the docker client and the environment that finds its compose plugin. */
export interface DockerCompose {
  docker: string;
  env: NodeJS.ProcessEnv;
}

/**
 * `docker compose` as the docker client runs it (no engine needed for `config`): the installed
 * plugin, else one built into `<cache>/docker/cli-plugins` (minutes the first time, progress shown)
 * and found through DOCKER_CONFIG. A string saying why when there is no docker client, or no plugin
 * and no Go to build one.
 */
export async function resolveDockerCompose(cfg: ScriptsConfig): Promise<DockerCompose | string> {
  const docker = await which('docker', cfg.PATH);
  if (!docker) return 'no docker client on PATH';
  const installed = await run(docker, ['compose', 'version'], { onLine: () => undefined }).then(
    () => true,
    () => false,
  );
  if (installed) return { docker, env: { PATH: cfg.PATH, HOME: os.homedir() } };
  const dockerConfig = path.join(cfg.cacheDir, 'docker');
  const plugin = path.join(dockerConfig, 'cli-plugins', 'docker-compose');
  if (!(await isExecutable(plugin))) {
    const go = await findGo(cfg.PATH);
    if (!go)
      return `the docker client has no compose plugin, and there is no Go on PATH to build ${COMPOSE_MODULE} with`;
    const dir = await goModuleDir(go, COMPOSE_MODULE);
    await mkdir(path.dirname(plugin), { recursive: true });
    const staging = `${plugin}.${process.pid}`;
    let compiled = 0;
    await withProgress(`Building the docker compose plugin (${COMPOSE_MODULE}; minutes the first time)`, () =>
      run(go, ['build', '-v', '-o', staging, './cmd'], {
        // In the (read-only) module cache: the build writes only its output and Go's build cache.
        cwd: dir,
        onLine: (line) => {
          if (line.startsWith('go: downloading')) log(`  ${line}`);
          else if (!line.startsWith('go:') && ++compiled % 200 === 0) log(`  ${compiled} packages compiled`);
        },
      }),
    );
    await rename(staging, plugin);
  }
  return { docker, env: { PATH: cfg.PATH, HOME: os.homedir(), DOCKER_CONFIG: dockerConfig } };
}
