import type { Knex } from 'knex';

export type SupportAuthor = 'user' | 'support';
export type SupportStatus = 'waiting' | 'answered' | 'closed';

export interface SupportMessageRow {
  id: number;
  author: SupportAuthor;
  body: string;
  createdAt: Date;
}

export interface SupportConversationSummary {
  id: string;
  userId: string;
  /** The user's e-mail or phone number, for the operator. */
  username: string;
  status: SupportStatus;
  lastMessageAt: Date;
  messageCount: number;
  lastUserMessage: string | null;
}

// ids are bigint: pg gives them as strings unless the process set the INT8 parser (ops does not).
const messageOf = (r: {
  id: number | string;
  author: SupportAuthor;
  body: string;
  created_at: Date;
}): SupportMessageRow => ({
  id: Number(r.id),
  author: r.author,
  body: r.body,
  createdAt: r.created_at,
});

/** The user's conversation (id and status), if they ever wrote. */
export async function findSupportConversation(
  db: Knex,
  userId: string,
): Promise<{ id: string; status: SupportStatus } | undefined> {
  return db('support_conversations').where({ user_id: userId }).first('id', 'status');
}

/**
 * Messages of a conversation, oldest first, at most `limit`: those after message `afterId`, or
 * without it the latest ones.
 */
export async function listSupportMessages(
  db: Knex,
  conversationId: string,
  { afterId, limit }: { afterId?: number; limit: number },
): Promise<SupportMessageRow[]> {
  const q = db('support_messages')
    .where({ conversation_id: conversationId })
    .limit(limit)
    .select('id', 'author', 'body', 'created_at');
  if (afterId !== undefined) return (await q.andWhere('id', '>', afterId).orderBy('id', 'asc')).map(messageOf);
  return (await q.orderBy('id', 'desc')).reverse().map(messageOf);
}

/** Adds a message to a conversation and moves its status (a user message (re)opens it as waiting). */
async function addMessage(
  trx: Knex.Transaction,
  conversationId: string,
  author: SupportAuthor,
  body: string,
  operatorName: string | null,
) {
  const [row] = await trx('support_messages')
    .insert({ conversation_id: conversationId, author, body, operator_name: operatorName })
    .returning(['id', 'author', 'body', 'created_at']);
  await trx('support_conversations')
    .where({ id: conversationId })
    .update({ status: author === 'user' ? 'waiting' : 'answered', last_message_at: row.created_at });
  return messageOf(row);
}

/**
 * Records a user's message, creating their conversation on the first one. `startsWait` is true when
 * the chat was not already waiting for support (new, answered or closed): the moment to tell support.
 */
export async function addUserSupportMessage(
  db: Knex,
  userId: string,
  body: string,
): Promise<{ message: SupportMessageRow; startsWait: boolean }> {
  return db.transaction(async (trx) => {
    const before = await trx('support_conversations').where({ user_id: userId }).forUpdate().first('status');
    // One conversation per user: the unique index settles two first messages sent at once.
    const [conversation] = await trx('support_conversations')
      .insert({ user_id: userId })
      .onConflict('user_id')
      .merge({ user_id: userId })
      .returning('id');
    const message = await addMessage(trx, conversation.id, 'user', body, null);
    return { message, startsWait: before?.status !== 'waiting' };
  });
}

/** Records support's reply in a conversation; undefined when there is no such conversation. */
export async function addSupportReply(
  db: Knex,
  conversationId: string,
  body: string,
  operatorName: string,
): Promise<SupportMessageRow | undefined> {
  return db.transaction(async (trx) => {
    const conversation = await trx('support_conversations').where({ id: conversationId }).forUpdate().first('id');
    if (!conversation) return undefined;
    return addMessage(trx, conversationId, 'support', body, operatorName);
  });
}

/** Closes a conversation (the user's next message reopens it); false when there is none. */
export async function closeSupportConversation(db: Knex, conversationId: string): Promise<boolean> {
  return (await db('support_conversations').where({ id: conversationId }).update({ status: 'closed' })) > 0;
}

interface ConversationRow {
  id: string;
  user_id: string;
  username: string;
  status: SupportStatus;
  last_message_at: Date;
  message_count: number;
  last_user_message: string | null;
}

/** Conversations for operators, oldest waiting first: open ones (waiting or answered), or all. */
export async function listSupportConversations(
  db: Knex,
  { all = false }: { all?: boolean } = {},
): Promise<SupportConversationSummary[]> {
  const rows = await db('support_conversations as c')
    .join('users as u', 'u.id', 'c.user_id')
    .modify((q) => {
      if (!all) q.whereNot('c.status', 'closed');
    })
    .select(
      'c.id',
      'c.user_id',
      'c.status',
      'c.last_message_at',
      db.raw('coalesce(u.email, u.phone_number) as username'),
      db.raw('(select count(*) from support_messages m where m.conversation_id = c.id)::int as message_count'),
      db.raw(
        "(select m.body from support_messages m where m.conversation_id = c.id and m.author = 'user' order by m.id desc limit 1) as last_user_message",
      ),
    )
    // Waiting conversations first (someone expects an answer), the longest waiting at the top.
    .orderByRaw("c.status = 'waiting' desc, c.last_message_at asc");
  return (rows as ConversationRow[]).map((r) => ({
    id: r.id,
    userId: r.user_id,
    username: r.username,
    status: r.status,
    lastMessageAt: r.last_message_at,
    messageCount: r.message_count,
    lastUserMessage: r.last_user_message,
  }));
}

/** One conversation's whole history with its user, for operators. */
export async function supportConversationHistory(
  db: Knex,
  conversationId: string,
): Promise<
  | { username: string; status: SupportStatus; messages: (SupportMessageRow & { operatorName: string | null })[] }
  | undefined
> {
  const c = await db('support_conversations as c')
    .join('users as u', 'u.id', 'c.user_id')
    .where('c.id', conversationId)
    .first('c.status', db.raw('coalesce(u.email, u.phone_number) as username'));
  if (!c) return undefined;
  const rows = await db('support_messages')
    .where({ conversation_id: conversationId })
    .orderBy('id', 'asc')
    .select('id', 'author', 'body', 'operator_name', 'created_at');
  return {
    username: c.username,
    status: c.status,
    messages: rows.map((r) => ({ ...messageOf(r), operatorName: r.operator_name })),
  };
}
