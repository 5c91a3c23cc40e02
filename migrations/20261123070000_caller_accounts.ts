import type { Knex } from 'knex';

// Several provider accounts (caller numbers) share a Fajr minute (issue 20): a reserved pacer slot
// belongs to one of them, and a call records the one that placed it, so a retry stays on it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('call_pacer_reservations', (t) => {
    t.text('caller_account')
      .nullable()
      .comment(
        'The caller account (its E.164 caller number) whose slot this is; null for slots reserved before accounts were recorded',
      );
  });
  await knex.schema.alterTable('call_attempts', (t) => {
    t.text('caller_account')
      .nullable()
      .comment(
        'The caller account (its E.164 caller number) that placed the call; a retry of the attempt uses the same; null for calls before accounts were recorded',
      );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('call_attempts', (t) => {
    t.dropColumn('caller_account');
  });
  await knex.schema.alterTable('call_pacer_reservations', (t) => {
    t.dropColumn('caller_account');
  });
}
