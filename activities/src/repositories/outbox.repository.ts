import type { Knex } from 'knex';

export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Date;
}

/** Records a message the local (development) SMS or e-mail adapter "sent". */
export async function insertOutboxMessage(
  db: Knex,
  m: { channel: 'sms' | 'email'; recipient: string; subject?: string | null; body: string },
): Promise<number> {
  const [row] = await db('local_outbox')
    .insert({ channel: m.channel, recipient: m.recipient, subject: m.subject ?? null, body: m.body })
    .returning('id');
  return row.id;
}

/** The latest messages to one recipient, newest first. */
export async function latestOutboxMessages(db: Knex, recipient: string, limit = 20): Promise<OutboxMessage[]> {
  return db('local_outbox').where({ recipient }).orderBy('id', 'desc').limit(limit);
}
