import type { Knex } from 'knex';

// The dial pacer becomes a calendar: a call reserves its slot when it is armed (minutes ahead), in
// the first bucket at or after its planned instant that still has room, so the reservation is right
// whatever order calls arm in, and nothing is taken at the busy instant itself. The single
// next-free-slot row (call_pacers) was order-dependent and had to be taken at the instant.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('call_pacer_buckets', (t) => {
    t.comment(
      'Dial calendar of each provider account: how many calls hold a slot in each bucket (1 s at >= 1 call/s); never more than the bucket capacity',
    );
    t.text('account').notNullable().comment('Provider account key, e.g. twilio:AC… or local');
    t.timestamp('bucket_at', { useTz: true })
      .notNullable()
      .comment('Start of the bucket (a whole second at >= 1 call/s); its slots are bucket_at + k / calls-per-second');
    t.integer('taken')
      .notNullable()
      .comment(
        'Slots of the bucket handed out so far; the k-th taker (from 0) dials at bucket_at + k / calls-per-second',
      );
    t.primary(['account', 'bucket_at'], { constraintName: 'call_pacer_buckets_pk' });
  });
  await knex.schema.createTable('call_pacer_reservations', (t) => {
    t.comment(
      'The pacer slot each dial attempt reserved when it was armed, so a retried activity reuses it instead of taking a second one',
    );
    t.text('attempt_key')
      .primary({ constraintName: 'call_pacer_reservations_pk' })
      .comment('The attempt key of call_attempts (workflow id + attempt number)');
    t.text('account').notNullable().comment('Provider account key the slot belongs to');
    t.timestamp('slot_at', { useTz: true }).notNullable().comment('When this attempt may be dialled');
    t.timestamp('updated_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the slot was (re)reserved; old rows are purged');
    t.index(['updated_at'], 'call_pacer_reservations_updated_at_idx');
  });
  await knex.schema.dropTable('call_pacers');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('call_pacers', (t) => {
    t.comment(
      'One row per provider account: the next free dial slot, shared by every worker so calls never exceed the provider rate',
    );
    t.text('account')
      .primary({ constraintName: 'call_pacers_pk' })
      .comment('Provider account key, e.g. twilio:AC… or local');
    t.timestamp('next_slot_at', { useTz: true }).notNullable().comment('Earliest instant the next call may be dialled');
    t.timestamp('updated_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When a slot was last taken');
  });
  await knex.schema.dropTable('call_pacer_reservations');
  await knex.schema.dropTable('call_pacer_buckets');
}
