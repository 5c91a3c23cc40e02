import type { Knex } from 'knex';

// What the local payments provider charged outside a checkout: a plan change in its portal bills the
// prorated difference at once (Stripe's 'always_invoice'), so development and tests can see and assert it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('local_payment_invoices', (t) => {
    t.comment('Invoices of the local payments provider for plan changes (stands in for Stripe proration invoices)');
    t.text('id')
      .primary({ constraintName: 'local_payment_invoices_pk' })
      .comment('Invoice id in Stripe format (in_local_…)');
    t.text('customer_id')
      .notNullable()
      .references('id')
      .inTable('local_payment_customers')
      .withKeyName('local_payment_invoices_customer_id_fk')
      .comment('The customer charged');
    t.text('subscription_id')
      .notNullable()
      .references('id')
      .inTable('local_payment_subscriptions')
      .withKeyName('local_payment_invoices_subscription_id_fk')
      .comment('The subscription whose plan changed');
    t.text('from_plan').notNullable().comment('The plan before the change');
    t.text('to_plan').notNullable().comment('The plan after the change');
    t.integer('amount_due')
      .notNullable()
      .comment('Prorated amount in minor units: charged when positive, a credit when negative');
    t.text('currency').notNullable().comment('Lower-case ISO currency code');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the change was confirmed and charged');
    t.index(['subscription_id'], 'local_payment_invoices_subscription_id_idx');
    t.index(['customer_id'], 'local_payment_invoices_customer_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_payment_invoices');
}
