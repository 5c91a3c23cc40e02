import type { Knex } from 'knex';

// In-app purchases (issue 18): App Store and Google Play subscriptions live in `subscriptions` beside
// Stripe's, so one plan is computed from all of them. The local stores' state (development and
// tests) is kept in Postgres like the local payments provider's, with its signing keys generated per
// database on first use (never published in the repository).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('subscriptions', (t) => {
    t.text('product_id')
      .nullable()
      .comment(
        'The store product id (App Store / Google Play subscriptions); null for Stripe, whose price decides the plan',
      );
  });
  await knex.raw(
    `comment on column subscriptions.provider is 'Who sells it: stripe, apple (App Store) or google (Google Play)'`,
  );
  await knex.raw(
    `comment on column subscriptions.provider_subscription_id is 'The provider''s subscription id: Stripe''s sub_…, Apple''s originalTransactionId, Google''s purchase token'`,
  );
  await knex.raw(
    `comment on column subscriptions.provider_customer_id is 'Stripe''s customer id (cus_…); for the stores the account token the app set at purchase (appAccountToken / obfuscatedExternalAccountId), empty when none'`,
  );
  await knex.raw(
    `comment on column subscriptions.provider_updated_at is 'When the provider created the event (Stripe) or signed the state (stores) last applied: older, out-of-order deliveries change nothing'`,
  );

  await knex.schema.createTable('local_store_keyring', (t) => {
    t.comment(
      'Signing keys of the local app stores (development and tests): an Apple-like certificate chain and a Google-like OIDC key, generated once per database',
    );
    t.smallint('id').primary({ constraintName: 'local_store_keyring_pk' }).comment('Always 1: one keyring');
    t.text('apple_root_pem')
      .notNullable()
      .comment('Local root certificate (PEM) the local App Store verifier trusts instead of Apple Root CA - G3');
    t.text('apple_intermediate_pem')
      .notNullable()
      .comment('Local intermediate certificate (PEM) carrying the Apple WWDR intermediate OID');
    t.text('apple_leaf_pem')
      .notNullable()
      .comment('Local signing certificate (PEM) carrying the App Store receipt-signing OID');
    t.text('apple_leaf_key_pem').notNullable().comment('Private key (PKCS#8 PEM) of the local signing certificate');
    t.text('google_key_id').notNullable().comment('Key id (kid) of the local Pub/Sub push token key');
    t.text('google_public_key_pem')
      .notNullable()
      .comment('Public key (PEM) the local Google Play adapter verifies push tokens with');
    t.text('google_private_key_pem')
      .notNullable()
      .comment('Private key (PKCS#8 PEM) the local push signs its OIDC tokens with');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the keys were generated');
  });

  await knex.schema.createTable('local_store_purchases', (t) => {
    t.comment('Subscriptions bought through the local app stores (stand in for App Store and Google Play purchases)');
    t.text('id')
      .primary({ constraintName: 'local_store_purchases_pk' })
      .comment('Apple: the original transaction id; Google: the purchase token');
    t.text('store').notNullable().comment('apple or google');
    t.text('latest_transaction_id')
      .nullable()
      .comment('Apple: the latest transaction id (renewals and upgrades add one); null for Google');
    t.text('product_id').notNullable().comment('The product the user pays for now');
    t.text('renewal_product_id')
      .nullable()
      .comment('Apple: the product the next renewal moves to (a downgrade waits for it); null when unchanged');
    t.text('account_token')
      .nullable()
      .comment('appAccountToken / obfuscatedExternalAccountId the app set (our user id)');
    t.text('state')
      .notNullable()
      .comment(
        'active, grace (payment failed, access kept), retry (billing retry / account hold, no access), expired, revoked or replaced (Google plan change)',
      );
    t.text('linked_purchase_token').nullable().comment('Google: the purchase token this one replaced (plan change)');
    t.timestamp('expires_at', { useTz: true }).notNullable().comment('End of the paid period');
    t.timestamp('revoked_at', { useTz: true }).nullable().comment('When it was refunded or revoked');
    t.timestamp('acknowledged_at', { useTz: true })
      .nullable()
      .comment('Google: when the purchase was acknowledged (Play refunds purchases left unacknowledged for 3 days)');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).comment('When it was bought');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).comment('When it last changed');
    t.index(['latest_transaction_id'], 'local_store_purchases_latest_transaction_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_store_purchases');
  await knex.schema.dropTable('local_store_keyring');
  await knex.raw(`comment on column subscriptions.provider is 'Payment provider'`);
  await knex.raw(
    `comment on column subscriptions.provider_subscription_id is 'The provider''s subscription id (sub_…)'`,
  );
  await knex.raw(`comment on column subscriptions.provider_customer_id is 'The provider''s customer id (cus_…)'`);
  await knex.raw(
    `comment on column subscriptions.provider_updated_at is 'Creation time of the provider event last applied (ignores older, out-of-order events)'`,
  );
  await knex.schema.alterTable('subscriptions', (t) => {
    t.dropColumn('product_id');
  });
}
