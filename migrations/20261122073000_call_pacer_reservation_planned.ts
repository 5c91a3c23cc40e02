import type { Knex } from 'knex';

// A skipped day's call is planned again under the same attempt key (the fajrCall id is the day's):
// when the user moved the call, its reserved slot belongs to the old instant. The reservation now
// remembers the instant it was reserved for, and an attempt planned for another instant takes a new slot.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('call_pacer_reservations', (t) => {
    t.timestamp('planned_at', { useTz: true })
      .nullable()
      .comment(
        'The planned instant the slot was reserved for; the attempt re-planned for another instant takes a new slot',
      );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('call_pacer_reservations', (t) => {
    t.dropColumn('planned_at');
  });
}
