import { createKnex, migrateLatest, seed, seedShippedTimetables } from '@fajr/migrations';

/**
 * Runs pending migrations and the idempotent seeds on a database, with the published tables the product
 * ships (JAKIM's zones, Islamiska förbundet's cities): a fresh machine has them with no operator step.
 * Test databases leave them out (scripts/src/test.ts seeds without them; tests that need them call it).
 */
export async function migrateAndSeed(databaseUrl: string): Promise<void> {
  const knex = createKnex(databaseUrl, { min: 0, max: 2 });
  try {
    await migrateLatest(knex);
    await seed(knex);
    await seedShippedTimetables(knex);
  } finally {
    await knex.destroy();
  }
}
