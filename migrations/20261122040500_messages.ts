import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mosque_requests', (t) => {
    t.comment('Requests from users to add a mosque');
    t.uuid('id')
      .primary({ constraintName: 'mosque_requests_pk' })
      .defaultTo(knex.raw('gen_random_uuid()'))
      .comment('Request id');
    t.uuid('user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
      .withKeyName('mosque_requests_user_id_fk')
      .comment('Who asked (null when signed out or deleted)');
    t.text('name').notNullable().comment('Mosque name as typed');
    t.text('address').notNullable().comment('Mosque address as typed');
    t.text('status').notNullable().defaultTo('open').comment('open, added or rejected');
    t.text('resolution_note').nullable().comment('What the operator did');
    t.uuid('mosque_id')
      .nullable()
      .references('id')
      .inTable('mosques')
      .onDelete('SET NULL')
      .withKeyName('mosque_requests_mosque_id_fk')
      .comment('The mosque added for the request');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the request was made');
    t.timestamp('resolved_at', { useTz: true }).nullable().comment('When an operator resolved it');
    t.index(['status'], 'mosque_requests_status_idx');
  });
  await knex.schema.createTable('feedback', (t) => {
    t.comment('Ratings and comments sent from the app');
    t.uuid('id').primary({ constraintName: 'feedback_pk' }).defaultTo(knex.raw('gen_random_uuid()')).comment('Row id');
    t.uuid('user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
      .withKeyName('feedback_user_id_fk')
      .comment('Who sent it, when signed in');
    t.integer('rating').nullable().comment('1 to 5');
    t.text('comments').nullable().comment('Free text');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).comment('When it was sent');
  });
  await knex.schema.createTable('contact_messages', (t) => {
    t.comment('Messages from the Speak to Us help form');
    t.uuid('id')
      .primary({ constraintName: 'contact_messages_pk' })
      .defaultTo(knex.raw('gen_random_uuid()'))
      .comment('Row id');
    t.uuid('user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
      .withKeyName('contact_messages_user_id_fk')
      .comment('Who sent it, when signed in');
    t.text('email').notNullable().comment('Reply address');
    t.text('type').notNullable().comment('General, Feedback, Feature Request or Issue');
    t.text('details').notNullable().comment('The request');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).comment('When it was sent');
  });
  await knex.schema.createTable('local_outbox', (t) => {
    t.comment(
      'SMS and e-mail delivered by the local (development) adapters; what a developer reads instead of a phone or mailbox',
    );
    t.bigIncrements('id', { primaryKey: false }).comment('Row id');
    t.primary(['id'], { constraintName: 'local_outbox_pk' });
    t.text('channel').notNullable().comment('sms or email');
    t.text('recipient').notNullable().comment('Phone number or e-mail address');
    t.text('subject').nullable().comment('E-mail subject');
    t.text('body').notNullable().comment('Message text');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).comment('When it was sent');
    t.index(['recipient', 'created_at'], 'local_outbox_recipient_created_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['local_outbox', 'contact_messages', 'feedback', 'mosque_requests']) {
    await knex.schema.dropTable(table);
  }
}
