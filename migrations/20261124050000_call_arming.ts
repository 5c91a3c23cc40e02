import type { Knex } from 'knex';

// The arming lead follows the measured arming rate (issue 20): a day's first attempt remembers when
// it was to be armed and when it was, so the planner can see how fast a crowded minute's calls were
// armed and give the next day's a lead long enough for all of them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('call_pacer_reservations', (t) => {
    t.timestamp('arm_at', { useTz: true })
      .nullable()
      .comment(
        "When the chain was to arm this call (the day's call instant minus its lead); null for later attempts and slots reserved before this was recorded",
      );
    t.timestamp('armed_at', { useTz: true })
      .nullable()
      .comment(
        'When the call was armed: its first reservation (not moved by a retry re-reserving); with arm_at, how long arming took',
      );
    t.index(['arm_at'], 'call_pacer_reservations_arm_at_idx', { predicate: knex.whereNotNull('arm_at') });
    t.index(['armed_at'], 'call_pacer_reservations_armed_at_idx', { predicate: knex.whereNotNull('armed_at') });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('call_pacer_reservations', (t) => {
    t.dropIndex(['armed_at'], 'call_pacer_reservations_armed_at_idx');
    t.dropIndex(['arm_at'], 'call_pacer_reservations_arm_at_idx');
    t.dropColumn('armed_at');
    t.dropColumn('arm_at');
  });
}
