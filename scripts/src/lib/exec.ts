import { spawn, type SpawnOptions } from 'node:child_process';

/** Runs a command to completion, streaming each output line to `onLine`; rejects on a non-zero exit. */
export function run(
  command: string,
  args: string[],
  options: SpawnOptions & { onLine?: (line: string) => void } = {},
): Promise<void> {
  const { onLine, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions });
    let tail = '';
    const consume = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      if (onLine) for (const line of text.split('\n')) if (line.trim()) onLine(line);
    };
    child.stdout?.on('data', consume);
    child.stderr?.on('data', consume);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}:\n${tail}`));
    });
  });
}

/** True when the file exists and may be executed. */
export async function isExecutable(file: string): Promise<boolean> {
  const { access, constants } = await import('node:fs/promises');
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds an executable on a PATH-style search path. */
export async function which(name: string, searchPath: string): Promise<string | undefined> {
  const path = await import('node:path');
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir && (await isExecutable(path.join(dir, name)))) return path.join(dir, name);
  }
  return undefined;
}

/**
 * An installed tool: `given` (the path the setting `setting` names; it must be executable), else `name`
 * on the search path, else `name` in our cache's `cacheBin`; undefined when none of them has it.
 */
export async function findInstalled(
  name: string,
  o: { setting: string; given?: string; searchPath: string; cacheBin: string },
): Promise<string | undefined> {
  if (o.given) {
    if (await isExecutable(o.given)) return o.given;
    throw new Error(`${o.setting}=${o.given} is not an executable file`);
  }
  const onPath = await which(name, o.searchPath);
  if (onPath) return onPath;
  const { join } = await import('node:path');
  const cached = join(o.cacheBin, name);
  return (await isExecutable(cached)) ? cached : undefined;
}
