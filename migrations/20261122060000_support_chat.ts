import type { Knex } from 'knex';

// Support chat: one conversation per signed-in user (the web widget and the native shell's Support
// button show the same one), its messages from the user and from support. Message ids are a
// bigint sequence so the widget can poll with "messages after id N".
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('support_conversations', (t) => {
    t.comment('Support chat of a user with the Fajr team; one per user, reopened by the next message of the user');
    t.uuid('id')
      .primary({ constraintName: 'support_conversations_pk' })
      .defaultTo(knex.raw('gen_random_uuid()'))
      .comment('Conversation id');
    t.uuid('user_id')
      .notNullable()
      .references('id')
      .inTable('users')
      .onDelete('CASCADE')
      .withKeyName('support_conversations_user_id_fk')
      .comment('The user who chats (the conversation goes with the account)');
    t.text('status')
      .notNullable()
      .defaultTo('waiting')
      .comment(
        'waiting (the user wrote last and waits for support), answered (support wrote last) or closed (an operator closed it)',
      );
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the first message was sent');
    t.timestamp('last_message_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the newest message (either side) was sent');
    t.unique(['user_id'], { indexName: 'support_conversations_user_id_uq' });
    t.index(['status', 'last_message_at'], 'support_conversations_status_last_message_at_idx');
    t.check("status in ('waiting', 'answered', 'closed')", [], 'support_conversations_status_check');
  });
  await knex.schema.createTable('support_messages', (t) => {
    t.comment('Messages of support conversations, from the user or from support');
    t.bigIncrements('id', { primaryKey: false }).comment('Message id; increasing, the cursor the chat polls with');
    t.primary(['id'], { constraintName: 'support_messages_pk' });
    t.uuid('conversation_id')
      .notNullable()
      .references('id')
      .inTable('support_conversations')
      .onDelete('CASCADE')
      .withKeyName('support_messages_conversation_id_fk')
      .comment('The conversation');
    t.text('author').notNullable().comment('user or support');
    t.text('operator_name')
      .nullable()
      .comment('Who in support replied (shown to operators only); null for user messages');
    t.text('body').notNullable().comment('Message text (plain text, at most 2,000 characters)');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).comment('When it was sent');
    t.index(['conversation_id', 'id'], 'support_messages_conversation_id_id_idx');
    t.check("author in ('user', 'support')", [], 'support_messages_author_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('support_messages');
  await knex.schema.dropTable('support_conversations');
}
