import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Client } from 'pg';
import { createKnex } from './index';

export const TEMPLATE_DATABASE = 'fajr_test_template';

function serverUrl(): string {
  // Set by the jest global setup (scripts/src/testing/global-setup.ts).
  const url = process.env.FAJR_TEST_PG_SERVER_URL;
  if (!url) throw new Error('FAJR_TEST_PG_SERVER_URL is not set: run tests through `npm test` (jest global setup)');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestDatabase {
  url: string;
  knex: Knex;
  drop(): Promise<void>;
}

/** A fresh database, migrated and seeded (a copy of the template the global setup prepared). */
export function createTestDatabase(): Promise<TestDatabase> {
  return createDatabase('fajr_test', TEMPLATE_DATABASE);
}

/** An empty database (no migrations), for migration tests. */
export function createEmptyDatabase(): Promise<TestDatabase> {
  return createDatabase('fajr_empty');
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function createDatabase(prefix: string, template?: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = withDatabase(serverUrl(), name);
  const knex = createKnex(url);
  return {
    url,
    knex,
    async drop() {
      await knex.destroy();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
