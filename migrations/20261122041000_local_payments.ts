import type { Knex } from 'knex';

// State of the local (simulated) payments provider used in development and tests instead of Stripe.
// Kept in Postgres so the API process that serves the local checkout page and any other process
// (worker, scripts) see the same customers, sessions and subscriptions.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('local_payment_customers', (t) => {
    t.comment('Customers of the local payments provider (stands in for Stripe customers)');
    t.text('id')
      .primary({ constraintName: 'local_payment_customers_pk' })
      .comment('Customer id in Stripe format (cus_local_…)');
    t.text('email').nullable().comment('E-mail entered at the local checkout');
    t.text('name').nullable().comment('Name entered at the local checkout');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the customer was created');
  });

  await knex.schema.createTable('local_payment_checkout_sessions', (t) => {
    t.comment('Checkout sessions of the local payments provider (stands in for Stripe Checkout Sessions)');
    t.text('id')
      .primary({ constraintName: 'local_payment_checkout_sessions_pk' })
      .comment('Session id in Stripe format (cs_local_…)');
    t.text('client_reference_id').notNullable().comment('The Fajr user id the checkout is for');
    t.text('customer_id')
      .nullable()
      .references('id')
      .inTable('local_payment_customers')
      .withKeyName('local_payment_checkout_sessions_customer_id_fk')
      .comment('Existing customer to charge, or the one created on payment');
    t.text('customer_email').nullable().comment('E-mail to prefill when there is no customer yet');
    t.text('plan').notNullable().comment('BASIC, PLUS or PREMIUM');
    t.text('price_id').notNullable().comment('Local price id of the plan (price_local_…)');
    t.integer('amount_total').notNullable().comment('Amount charged per month in minor units');
    t.text('currency').notNullable().comment('Lower-case ISO currency code');
    t.text('success_url').notNullable().comment('Where Pay redirects (session id filled in)');
    t.text('cancel_url').notNullable().comment('Where Cancel redirects');
    t.text('status').notNullable().defaultTo('open').comment('open, complete or expired');
    t.text('customer_name').nullable().comment('Name entered on the checkout page');
    t.text('customer_details_email').nullable().comment('E-mail entered on the checkout page');
    t.text('postal_code').nullable().comment('Postcode entered on the checkout page');
    t.text('subscription_id').nullable().comment('Subscription created or changed by the payment');
    t.timestamp('expires_at', { useTz: true }).notNullable().comment('When the session can no longer be paid');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the session was created');
    t.timestamp('completed_at', { useTz: true }).nullable().comment('When Pay completed it');
    t.index(['customer_id'], 'local_payment_checkout_sessions_customer_id_idx');
  });

  await knex.schema.createTable('local_payment_subscriptions', (t) => {
    t.comment('Subscriptions of the local payments provider (stands in for Stripe subscriptions)');
    t.text('id')
      .primary({ constraintName: 'local_payment_subscriptions_pk' })
      .comment('Subscription id in Stripe format (sub_local_…)');
    t.text('customer_id')
      .notNullable()
      .references('id')
      .inTable('local_payment_customers')
      .withKeyName('local_payment_subscriptions_customer_id_fk')
      .comment('The paying customer');
    t.text('client_reference_id').notNullable().comment('The Fajr user id (sent as subscription metadata.userId)');
    t.text('plan').notNullable().comment('BASIC, PLUS or PREMIUM');
    t.text('price_id').notNullable().comment('Local price id of the plan');
    t.text('status').notNullable().comment('active or canceled');
    t.timestamp('current_period_end', { useTz: true }).notNullable().comment('End of the paid month');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the subscription started');
    t.timestamp('updated_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the subscription last changed');
    t.index(['customer_id'], 'local_payment_subscriptions_customer_id_idx');
  });

  await knex.schema.createTable('local_payment_portal_sessions', (t) => {
    t.comment('Billing portal sessions of the local payments provider (stands in for the Stripe customer portal)');
    t.text('id')
      .primary({ constraintName: 'local_payment_portal_sessions_pk' })
      .comment('Portal session id (bps_local_…), unguessable');
    t.text('customer_id')
      .notNullable()
      .references('id')
      .inTable('local_payment_customers')
      .withKeyName('local_payment_portal_sessions_customer_id_fk')
      .comment('Customer whose subscriptions the portal manages');
    t.text('return_url').notNullable().comment('Where the portal links back to');
    t.timestamp('expires_at', { useTz: true }).notNullable().comment('When the portal link stops working');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the portal session was created');
    t.index(['customer_id'], 'local_payment_portal_sessions_customer_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'local_payment_portal_sessions',
    'local_payment_subscriptions',
    'local_payment_checkout_sessions',
    'local_payment_customers',
  ]) {
    await knex.schema.dropTable(table);
  }
}
