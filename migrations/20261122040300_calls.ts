import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('call_attempts', (t) => {
    t.comment('Every phone call attempt, recorded before dialling so a retry never dials twice; also the call log');
    t.bigIncrements('id', { primaryKey: false }).comment('Row id');
    t.primary(['id'], { constraintName: 'call_attempts_pk' });
    t.text('attempt_key')
      .notNullable()
      .comment('Idempotency key: workflow id + attempt number, e.g. fajr-call:<user>:<date>#1');
    t.uuid('user_id')
      .notNullable()
      .references('id')
      .inTable('users')
      .onDelete('CASCADE')
      .withKeyName('call_attempts_user_id_fk')
      .comment('The user called');
    t.text('kind').notNullable().comment('fajr, repeat or test');
    t.date('call_date').notNullable().comment("The call's local date in the user's time zone");
    t.text('workflow_id').notNullable().comment('Temporal workflow that owns the attempt');
    t.integer('attempt').notNullable().comment('1 for the first call of the day, 2 for the repeat');
    t.timestamp('planned_at', { useTz: true }).notNullable().comment('When the call was planned to be dialled');
    t.timestamp('placed_at', { useTz: true }).nullable().comment('When the provider accepted the call');
    t.timestamp('answered_at', { useTz: true }).nullable().comment('When the call was answered');
    t.timestamp('ended_at', { useTz: true }).nullable().comment('When the call ended');
    t.integer('duration_seconds').nullable().comment('Talk time in seconds');
    t.text('outcome')
      .notNullable()
      .defaultTo('pending')
      .comment('pending, ringing, answered, no-answer, busy, voicemail, failed or canceled');
    t.text('answered_by').nullable().comment('human, machine or unknown (answering-machine detection)');
    t.text('provider').notNullable().comment('Telephony adapter: twilio or local');
    t.text('provider_call_id').nullable().comment("The provider's call id (Twilio CallSid)");
    t.text('error').nullable().comment("The provider's error when the call could not be placed");
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the attempt was recorded');
    t.timestamp('updated_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the attempt last changed');
    t.unique(['attempt_key'], { indexName: 'call_attempts_attempt_key_uq' });
    t.index(['user_id', 'call_date'], 'call_attempts_user_id_call_date_idx');
  });
  await knex.raw(
    'create unique index call_attempts_provider_call_id_uq on call_attempts (provider, provider_call_id) where provider_call_id is not null',
  );

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

  await knex.schema.createTable('local_phone_calls', (t) => {
    t.comment('Calls placed on the local (simulated) telephony provider used in development and tests');
    t.text('sid').primary({ constraintName: 'local_phone_calls_pk' }).comment('Call id in Twilio form (CA + 32 hex)');
    t.text('to_number').notNullable().comment('Dialled number, E.164');
    t.text('from_number').notNullable().comment('Caller number, E.164');
    t.text('status')
      .notNullable()
      .comment('Twilio call status: queued, ringing, in-progress, completed, busy, no-answer, failed, canceled');
    t.text('answered_by').nullable().comment('human or machine_end_beep (voicemail) once known');
    t.integer('duration_seconds').nullable().comment('Talk time once completed');
    t.text('status_callback_url').nullable().comment('Where status callbacks are posted');
    t.jsonb('params')
      .notNullable()
      .defaultTo('{}')
      .comment('Call parameters the provider received (TwiML url, adhaan, …)');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the provider accepted the call');
    t.timestamp('ended_at', { useTz: true }).nullable().comment('When the call ended');
    t.index(['to_number', 'created_at'], 'local_phone_calls_to_number_created_at_idx');
  });
  await knex.schema.createTable('local_phone_behaviours', (t) => {
    t.comment('How the simulated phone at a number behaves when called (set by tests or a developer)');
    t.text('phone_number').primary({ constraintName: 'local_phone_behaviours_pk' }).comment('E.164 number');
    t.text('outcome')
      .notNullable()
      .comment('answer, no-answer, busy, voicemail, fail, or manual (a person answers in the dev page)');
    t.integer('ring_ms').notNullable().defaultTo(0).comment('How long it rings before the outcome');
    t.integer('duration_seconds').notNullable().defaultTo(30).comment('Talk time when answered');
    t.timestamp('updated_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the behaviour was set');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['local_phone_behaviours', 'local_phone_calls', 'call_pacers', 'call_attempts']) {
    await knex.schema.dropTable(table);
  }
}
