import type { Knex } from 'knex';

// Issue 43: the API's abuse limits count in a table of our own (api/src/middleware/rate-limit-store.ts),
// made here like every other table, instead of a schema a library's own migration tool created on the
// first request.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_counters', (t) => {
    t.comment(
      'Hits per limiter and key in the current window, shared by every API process (express-rate-limit store; docs/SECURITY.md)',
    );
    t.text('limiter').notNullable().comment("The limiter counting, e.g. 'signin:ip' or 'signup:account'");
    t.text('key')
      .notNullable()
      .comment(
        "What is counted: a network ('1.2.3.0/56'), 'user:<id>' or 'username:<key>' (the username typed, normalised)",
      );
    t.integer('hits').notNullable().comment('Requests counted in the current window');
    t.timestamp('reset_at', { useTz: true })
      .notNullable()
      .comment('When the window ends: a hit after it starts a new window at 1');
    t.primary(['limiter', 'key'], { constraintName: 'rate_limit_counters_pk' });
    t.index(['reset_at'], 'rate_limit_counters_reset_idx');
  });
  // The library store's schema (created outside migrations by the code this replaces); its counters
  // were windows of at most a day, so nothing of value is lost.
  await knex.raw('drop schema if exists rate_limit cascade');
}

export async function down(knex: Knex): Promise<void> {
  // The old store made its own schema at its first request; down does not bring it back.
  await knex.schema.dropTable('rate_limit_counters');
}
