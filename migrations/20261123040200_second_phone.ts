import type { Knex } from 'knex';

// A second number (Premium, docs/CALLS.md "One morning"): called at once when attempt 1 goes
// unanswered, only once proved by a code like the first. Deleted with the account (it is a column).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('second_phone_number')
      .nullable()
      .comment('A second number (E.164) the Fajr call tries when the first goes unanswered (Premium); null when none');
    t.timestamp('second_phone_verified_at', { useTz: true })
      .nullable()
      .comment('When the user proved the second number by a one-time code; only then is it called');
  });
  await knex.raw("comment on column one_time_codes.purpose is 'verify-phone, verify-second-phone or reset-password'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("comment on column one_time_codes.purpose is 'verify-phone or reset-password'");
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('second_phone_verified_at');
    t.dropColumn('second_phone_number');
  });
}
