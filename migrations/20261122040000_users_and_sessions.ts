import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pgcrypto');
  await knex.schema.createTable('users', (t) => {
    t.comment('People who receive Fajr calls; one row per account');
    t.uuid('id')
      .primary({ constraintName: 'users_pk' })
      .defaultTo(knex.raw('gen_random_uuid()'))
      .comment('Account id (random UUID)');
    t.text('email')
      .nullable()
      .comment('Lower-cased e-mail address used to sign in; null when the account uses a phone number');
    t.text('phone_number').nullable().comment('Phone number in E.164 form; the number the Fajr calls go to');
    t.text('password_hash').notNullable().comment('argon2id hash of the password (never the password)');
    t.timestamp('phone_verified_at', { useTz: true })
      .nullable()
      .comment('When the phone number was verified by a one-time code; null = not verified');
    t.boolean('is_app_user')
      .notNullable()
      .defaultTo(false)
      .comment('Signed up in the native app (upgrades happen in the app, no web trial)');
    t.text('signup_source').notNullable().defaultTo('web').comment('Where the account was created: web or app');
    t.timestamp('trial_ends_at', { useTz: true })
      .nullable()
      .comment('End of the free trial for web sign-ups; null when the user never had one');
    t.text('plan').nullable().comment('Paid plan: BASIC, PLUS or PREMIUM; null when on no plan');
    t.text('billing_customer_id').nullable().comment("The payment provider's customer id (Stripe cus_…)");
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the account was created');
    t.timestamp('updated_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the account row last changed');
    t.check("plan is null or plan in ('BASIC', 'PLUS', 'PREMIUM')", [], 'users_plan_check');
    t.check('email is not null or phone_number is not null', [], 'users_username_check');
  });
  await knex.raw('create unique index users_email_uq on users (email) where email is not null');
  await knex.raw('create unique index users_phone_number_uq on users (phone_number) where phone_number is not null');
  await knex.raw(
    'create unique index users_billing_customer_id_uq on users (billing_customer_id) where billing_customer_id is not null',
  );

  await knex.schema.createTable('sessions', (t) => {
    t.comment('Signed-in sessions; the bearer token is stored only as a hash');
    t.uuid('id')
      .primary({ constraintName: 'sessions_pk' })
      .defaultTo(knex.raw('gen_random_uuid()'))
      .comment('Session id');
    t.uuid('user_id')
      .notNullable()
      .references('id')
      .inTable('users')
      .onDelete('CASCADE')
      .withKeyName('sessions_user_id_fk')
      .comment('The signed-in user');
    t.text('token_hash').notNullable().comment('SHA-256 of the 256-bit random bearer token, hex');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the session was created');
    t.timestamp('expires_at', { useTz: true }).notNullable().comment('When the token stops being accepted');
    t.timestamp('revoked_at', { useTz: true })
      .nullable()
      .comment('When the session was ended (sign-out, password reset, deletion)');
    t.unique(['token_hash'], { indexName: 'sessions_token_hash_uq' });
    t.index(['user_id'], 'sessions_user_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('users');
}
