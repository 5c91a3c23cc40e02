import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('one_time_codes', (t) => {
    t.comment('Six-digit codes for phone verification and password reset; only a hash is kept');
    t.uuid('id')
      .primary({ constraintName: 'one_time_codes_pk' })
      .defaultTo(knex.raw('gen_random_uuid()'))
      .comment('Code id');
    t.text('purpose').notNullable().comment('verify-phone or reset-password');
    t.text('subject')
      .notNullable()
      .comment('Who the code is for: a user id (verify-phone) or a normalised username (reset-password)');
    t.text('code_hash').notNullable().comment('HMAC-SHA-256 of the code with a server secret (never the code)');
    t.integer('attempts').notNullable().defaultTo(0).comment('Wrong guesses so far');
    t.integer('max_attempts').notNullable().defaultTo(5).comment('Wrong guesses that end the code');
    t.timestamp('sent_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the code was last sent (resend cooldown)');
    t.timestamp('expires_at', { useTz: true }).notNullable().comment('When the code stops being accepted');
    t.timestamp('consumed_at', { useTz: true }).nullable().comment('When the code was used or ended');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the code was issued');
    t.index(['purpose', 'subject'], 'one_time_codes_purpose_subject_idx');
  });

  await knex.schema.createTable('subscriptions', (t) => {
    t.comment('Paid plan subscriptions at the payment provider');
    t.uuid('id')
      .primary({ constraintName: 'subscriptions_pk' })
      .defaultTo(knex.raw('gen_random_uuid()'))
      .comment('Row id');
    t.uuid('user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
      .withKeyName('subscriptions_user_id_fk')
      .comment('Subscriber (null once the account is deleted)');
    t.text('provider').notNullable().defaultTo('stripe').comment('Payment provider');
    t.text('provider_subscription_id').notNullable().comment("The provider's subscription id (sub_…)");
    t.text('provider_customer_id').notNullable().comment("The provider's customer id (cus_…)");
    t.text('plan').notNullable().comment('BASIC, PLUS or PREMIUM');
    t.text('status')
      .notNullable()
      .comment("The provider's subscription status: active, trialing, past_due, canceled, …");
    t.timestamp('current_period_end', { useTz: true }).nullable().comment('End of the paid period');
    t.timestamp('provider_updated_at', { useTz: true })
      .nullable()
      .comment('Creation time of the provider event last applied (ignores older, out-of-order events)');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the subscription was first seen');
    t.timestamp('updated_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the row last changed');
    t.unique(['provider', 'provider_subscription_id'], { indexName: 'subscriptions_provider_subscription_id_uq' });
    t.index(['user_id'], 'subscriptions_user_id_idx');
  });

  await knex.schema.createTable('checkout_sessions', (t) => {
    t.comment('Checkout sessions created for users, so a session can only be read by its own user');
    t.text('id')
      .primary({ constraintName: 'checkout_sessions_pk' })
      .comment("The provider's checkout session id (cs_…)");
    t.uuid('user_id')
      .notNullable()
      .references('id')
      .inTable('users')
      .onDelete('CASCADE')
      .withKeyName('checkout_sessions_user_id_fk')
      .comment('Who started the checkout');
    t.text('plan').notNullable().comment('Plan being bought');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the checkout started');
    t.timestamp('completed_at', { useTz: true }).nullable().comment('When the provider reported it complete');
    t.index(['user_id'], 'checkout_sessions_user_id_idx');
  });

  await knex.schema.createTable('webhook_events', (t) => {
    t.comment('Provider webhook events already processed (idempotency)');
    t.bigIncrements('id', { primaryKey: false }).comment('Row id');
    t.primary(['id'], { constraintName: 'webhook_events_pk' });
    t.text('provider').notNullable().comment('stripe or twilio');
    t.text('provider_event_id').notNullable().comment("The provider's event id (evt_… or CallSid+status)");
    t.text('type').notNullable().comment('Event type');
    t.timestamp('received_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the event arrived');
    t.timestamp('processed_at', { useTz: true }).nullable().comment('When it was applied');
    t.unique(['provider', 'provider_event_id'], { indexName: 'webhook_events_provider_event_id_uq' });
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['webhook_events', 'checkout_sessions', 'subscriptions', 'one_time_codes']) {
    await knex.schema.dropTable(table);
  }
}
