import path from 'node:path';
import { Client } from 'pg';
import type { ScriptsConfig } from '../config';
import { isExecutable, run } from './exec';
import { findGo, goInstall, goModuleDir } from './go';
import { ensureDatabase } from './databases';

/** What the Temporal cluster server needs before it starts: its binaries (built with Go) and its schema on Postgres. */

/** The server the CLI v1.5.1 embeds; its go.mod has no replace directive, so `go install` builds it. */
export const TEMPORAL_SERVER_VERSION = 'v1.29.1';
/**
 * The UI server the CLI v1.5.1 embeds (made for this server). Newer releases (v2.58.1 today) declare
 * `go 1.26.10`, newer than this machine's Go, and GOTOOLCHAIN=local forbids fetching another.
 */
export const TEMPORAL_UI_VERSION = 'v2.42.1';
const SERVER_MODULE = `go.temporal.io/server@${TEMPORAL_SERVER_VERSION}`;

export interface TemporalServerBinaries {
  server: string;
  sqlTool: string;
  /** The module's schema/postgresql/v12 (from Go's module cache). */
  schemaDir: string;
  ui: string;
}

/**
 * The Temporal server, temporal-sql-tool and the UI server, from our cache (~/.cache/fajr/bin) or
 * built there with `go install` from the Go module proxy (progress shown). Undefined without Go.
 */
export async function resolveTemporalServer(
  cfg: ScriptsConfig,
  opts: { ui?: boolean } = {},
): Promise<TemporalServerBinaries | undefined> {
  const bin = path.join(cfg.cacheDir, 'bin');
  const server = path.join(bin, `temporal-server-${TEMPORAL_SERVER_VERSION}`);
  const sqlTool = path.join(bin, `temporal-sql-tool-${TEMPORAL_SERVER_VERSION}`);
  const ui = path.join(bin, `temporal-ui-server-${TEMPORAL_UI_VERSION}`);
  const go = await findGo(cfg.PATH);
  if (!go) return undefined;
  if (!(await isExecutable(server)) || !(await isExecutable(sqlTool))) {
    await goInstall(
      go,
      `Building the Temporal server ${TEMPORAL_SERVER_VERSION} and temporal-sql-tool (go install go.temporal.io/server/cmd/…; minutes the first time)`,
      [
        { pkg: `go.temporal.io/server/cmd/server@${TEMPORAL_SERVER_VERSION}`, as: path.basename(server) },
        { pkg: `go.temporal.io/server/cmd/tools/sql@${TEMPORAL_SERVER_VERSION}`, as: path.basename(sqlTool) },
      ],
      bin,
    );
  }
  if (opts.ui !== false && !(await isExecutable(ui))) {
    await goInstall(
      go,
      `Building the Temporal UI server ${TEMPORAL_UI_VERSION} (go install github.com/temporalio/ui-server/v2/cmd/server)`,
      [{ pkg: `github.com/temporalio/ui-server/v2/cmd/server@${TEMPORAL_UI_VERSION}`, as: path.basename(ui) }],
      bin,
    );
  }
  const schemaDir = path.join(await goModuleDir(go, SERVER_MODULE), 'schema', 'postgresql', 'v12');
  return { server, sqlTool, schemaDir, ui };
}

export interface TemporalDatabases {
  /** postgres://user:password@host:port/… of the server holding them. */
  pgServerUrl: string;
  main: string;
  visibility: string;
}

/** Creates Temporal's two databases when missing, sets their schema up (first time) and updates it to the module's version. */
export async function setUpTemporalSchema(bin: TemporalServerBinaries, dbs: TemporalDatabases): Promise<void> {
  const url = new URL(dbs.pgServerUrl);
  for (const [db, dir] of [
    [dbs.main, 'temporal'],
    [dbs.visibility, 'visibility'],
  ] as const) {
    await ensureDatabase(dbs.pgServerUrl, db);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${db}`;
    const client = new Client({ connectionString: dbUrl.toString() });
    await client.connect();
    const { rowCount } = await client
      .query(`select 1 from information_schema.tables where table_name = 'schema_version'`)
      .finally(() => client.end());
    const args = [
      '--plugin',
      'postgres12',
      '--ep',
      url.hostname,
      '-p',
      url.port || '5432',
      '-u',
      decodeURIComponent(url.username),
      '--pw',
      decodeURIComponent(url.password),
      '--db',
      db,
    ];
    const lines: string[] = [];
    const opts = { onLine: (l: string) => lines.push(l) };
    if (!rowCount) await run(bin.sqlTool, [...args, 'setup-schema', '-v', '0.0'], opts);
    await run(bin.sqlTool, [...args, 'update-schema', '-d', path.join(bin.schemaDir, dir, 'versioned')], opts);
  }
}
