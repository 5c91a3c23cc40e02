import { existsSync } from 'node:fs';
import { run, which } from './exec';
import { withProgress } from './progress';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's chromium for the browser tests: installed with apt-get when missing and we are root. */
export async function ensureChromium(searchPath: string, isRoot: boolean): Promise<string> {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const aptGet = await which('apt-get', searchPath);
  if (!aptGet || !isRoot) {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}: install Debian's chromium package (apt-get install chromium)`,
    );
  }
  await withProgress("Installing Debian's chromium for the browser tests (apt-get)", async () => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // Another apt-get (a second test run installing the same package) holds dpkg's lock for a while: wait for it.
    const lock = ['-o', 'DPkg::Lock::Timeout=600'];
    await run(aptGet, [...lock, 'update'], { env });
    await run(aptGet, [...lock, 'install', '-y', '--no-install-recommends', 'chromium'], { env });
  });
  return CHROMIUM_PATH;
}
