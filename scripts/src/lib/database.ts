import { createKnex, migrateLatest, seed } from '@fajr/migrations';

/** Runs pending migrations and the idempotent seeds on a database. */
export async function migrateAndSeed(databaseUrl: string): Promise<void> {
  const knex = createKnex(databaseUrl, { min: 0, max: 2 });
  try {
    await migrateLatest(knex);
    await seed(knex);
  } finally {
    await knex.destroy();
  }
}
