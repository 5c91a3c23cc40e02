import { chmod, mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ScriptsConfig } from '../config';
import { run, which } from './exec';
import { log, withProgress } from './progress';

export const TEST_SERVER_VERSION = '1.31.0';

/**
 * Finds Temporal's time-skipping test server: TEMPORAL_TEST_SERVER_PATH, else the Java test server
 * from Maven Central (jars cached outside the repo, started through a wrapper script), else
 * undefined so that the SDK downloads its own.
 */
export async function resolveTestServer(cfg: ScriptsConfig): Promise<string | undefined> {
  if (cfg.TEMPORAL_TEST_SERVER_PATH) return cfg.TEMPORAL_TEST_SERVER_PATH;
  const home = path.join(cfg.cacheDir, `temporal-test-server-${TEST_SERVER_VERSION}`);
  const jars = path.join(home, 'jars');
  const wrapper = path.join(home, 'temporal-test-server');
  if (await hasJars(jars)) return writeWrapper(wrapper, jars);

  const [mvn, java] = [await which('mvn', cfg.PATH), await which('java', cfg.PATH)];
  if (!mvn || !java) {
    log('Maven or Java not found: the Temporal SDK will download its own test server');
    return undefined;
  }
  await mkdir(home, { recursive: true });
  await writeFile(path.join(home, 'pom.xml'), pom());
  await withProgress(`Fetching temporal-test-server ${TEST_SERVER_VERSION} from Maven Central`, () =>
    run(mvn, ['-B', '-q', 'dependency:copy-dependencies', `-DoutputDirectory=${jars}`], { cwd: home }),
  );
  return writeWrapper(wrapper, jars);
}

/**
 * The script the SDK starts. The SDK gives the server only 5 s to listen, so the JVM is told to
 * start cheaply (client compiler only, serial GC, class-data sharing): on a loaded two-core
 * machine the default JVM sometimes missed that window.
 */
async function writeWrapper(wrapper: string, jars: string): Promise<string> {
  const jvm = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -Xss512k';
  // Written aside and renamed: another test run may be starting the script at this moment.
  const tmp = `${wrapper}.${process.pid}`;
  await writeFile(tmp, `#!/bin/sh\nexec java ${jvm} -cp "${jars}/*" io.temporal.testserver.TestServer "$@"\n`);
  await chmod(tmp, 0o755);
  await rename(tmp, wrapper);
  return wrapper;
}

async function hasJars(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).some((f) => f.startsWith('temporal-test-server'));
  } catch {
    return false;
  }
}

function pom(): string {
  return `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.fajr</groupId>
  <artifactId>temporal-test-server-fetch</artifactId>
  <version>1</version>
  <dependencies>
    <dependency>
      <groupId>io.temporal</groupId>
      <artifactId>temporal-test-server</artifactId>
      <version>${TEST_SERVER_VERSION}</version>
    </dependency>
  </dependencies>
</project>
`;
}
