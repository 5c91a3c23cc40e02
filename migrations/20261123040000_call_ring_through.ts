import type { Knex } from 'knex';

// Do-not-disturb detection (docs/CALLS.md "One morning"): how long an unanswered attempt rang tells a
// silenced phone (rejected, or sent to voicemail, within seconds) from one nobody heard (rang out).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('call_attempts', (t) => {
    t.integer('ring_seconds')
      .nullable()
      .comment(
        "Seconds the phone rang before it was answered, rejected or gave up (the provider's end minus start, less talk time); null until known",
      );
  });
  await knex.raw(
    "comment on column call_attempts.kind is 'fajr (attempt 1), ring-through (3: the Do Not Disturb second call), second-number (4), repeat (2: Premium, 10 minutes later) or test'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('call_attempts', (t) => {
    t.dropColumn('ring_seconds');
  });
  await knex.raw("comment on column call_attempts.kind is 'fajr, repeat or test'");
}
