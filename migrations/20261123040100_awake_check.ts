import type { Knex } from 'knex';

// The awake check (docs/CALLS.md "One morning"): the call asks for a key press, and only a key press
// proves the person woke. Existing users keep the calls they know (off); new users get it on.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('preferences', (t) => {
    t.boolean('awake_check')
      .notNullable()
      .defaultTo(false)
      .comment(
        'Whether Fajr calls ask the user to press a key once awake (answered without one counts as not woken); on for new users',
      );
  });
  await knex.raw('alter table preferences alter column awake_check set default true');
  await knex.schema.alterTable('call_attempts', (t) => {
    t.boolean('awake_check')
      .notNullable()
      .defaultTo(false)
      .comment("Whether this call asked for a key press (the user's awake check was on when it was dialled)");
    t.timestamp('confirmed_at', { useTz: true })
      .nullable()
      .comment('When the person pressed a key during the call (proof of being awake); null when not');
  });
  await knex.schema.alterTable('local_phone_behaviours', (t) => {
    t.text('press_key')
      .nullable()
      .comment('The key the simulated person presses when a call asks for one (null: answers without pressing)');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('local_phone_behaviours', (t) => {
    t.dropColumn('press_key');
  });
  await knex.schema.alterTable('call_attempts', (t) => {
    t.dropColumn('confirmed_at');
    t.dropColumn('awake_check');
  });
  await knex.schema.alterTable('preferences', (t) => {
    t.dropColumn('awake_check');
  });
}
