import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { run, which } from './exec';
import { log, withProgress } from './progress';

/** The Go toolchain on PATH, or undefined. */
export function findGo(searchPath: string): Promise<string | undefined> {
  return which('go', searchPath);
}

/** One value of `go env`. */
export async function goEnv(go: string, key: string): Promise<string> {
  let value = '';
  await run(go, ['env', key], { onLine: (l) => (value = l.trim()) });
  return value;
}

/**
 * `go install` of packages of one module version, with progress shown (each module downloaded and,
 * every 10 s, the time spent). Each built binary (named by Go after its package's last path element)
 * is moved into `binDir` under the name `names` gives it, so binaries that Go would name alike
 * (`cmd/server` of two modules) live side by side.
 */
export async function goInstall(
  go: string,
  label: string,
  packages: { pkg: string; as: string }[],
  binDir: string,
): Promise<void> {
  await mkdir(binDir, { recursive: true });
  const staging = await mkdtemp(path.join(binDir, '.go-install-'));
  let built = 0;
  try {
    await withProgress(label, () =>
      run(go, ['install', '-v', ...packages.map((p) => p.pkg)], {
        env: { ...process.env, GOBIN: staging },
        onLine: (line) => {
          if (line.startsWith('go: downloading')) log(`  ${line}`);
          else if (!line.startsWith('go:') && ++built % 200 === 0) log(`  ${built} packages compiled`);
        },
      }),
    );
    for (const { pkg, as } of packages) {
      const goName = pkg.replace(/@.*$/, '').split('/').pop()!;
      await rename(path.join(staging, goName), path.join(binDir, as));
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The directory of a module version in Go's module cache (downloaded first if it is not there). */
export async function goModuleDir(go: string, moduleAtVersion: string): Promise<string> {
  let json = '';
  await run(go, ['mod', 'download', '-json', moduleAtVersion], { onLine: (l) => (json += `${l}\n`) });
  const { Dir, Error: error } = JSON.parse(json) as { Dir?: string; Error?: string };
  if (!Dir) throw new Error(`go mod download ${moduleAtVersion}: ${error ?? 'no directory'}`);
  return Dir;
}
