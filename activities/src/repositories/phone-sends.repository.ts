import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import { DAILY_CAPS, type PhoneSendChannel } from '../domain/phone-policy';

const DAY_MS = 24 * 3600_000;

/**
 * Whose daily budget a send spends: the account's own codes and notices ('own', the default), or a
 * Fajr friend invitation someone else sent to the number ('invite'). Each budget has the full daily
 * caps, so eight invitations never leave the number's owner without a verification or reset text (issue 42).
 */
export type SendBudget = 'own' | 'invite';

/** Who a send is for: the account and its number, with the secret that keys the number's hash. */
export interface PhoneSendSubject {
  channel: PhoneSendChannel;
  budget?: SendBudget;
  userId: string;
  phoneNumber: string;
  secret: string;
  now: Date;
}

/** The keyed hash of a number the ledger counts by (never the number itself). */
export function numberKey(secret: string, phoneNumber: string): string {
  return createHmac('sha256', secret).update(`phone:${phoneNumber}`).digest('hex');
}

/** Seconds until the daily caps of this channel allow another send to this user and number (0 = now). */
export async function dailyCapWait(db: Knex, s: PhoneSendSubject): Promise<number> {
  const caps = DAILY_CAPS[s.channel];
  const since = new Date(s.now.getTime() - DAY_MS);
  const waitFor = async (column: 'user_id' | 'number_key', value: string, cap: number) => {
    // The cap-th newest send in the window: once it is a day old, one more is allowed.
    const row = await db('phone_sends')
      .where({ channel: s.channel, budget: s.budget ?? 'own', [column]: value })
      .where('sent_at', '>', since)
      .orderBy('sent_at', 'desc')
      .offset(cap - 1)
      .first('sent_at');
    return row ? Math.max(1, Math.ceil((new Date(row.sent_at).getTime() + DAY_MS - s.now.getTime()) / 1000)) : 0;
  };
  return Math.max(
    await waitFor('user_id', s.userId, caps.perUser),
    await waitFor('number_key', numberKey(s.secret, s.phoneNumber), caps.perNumber),
  );
}

/**
 * Counts one send against the daily caps, unless they are reached. Sends to one number are
 * serialised by an advisory lock so concurrent requests (on any process) never both pass the check.
 * Returns the row id to release should the send not happen, or the seconds to wait.
 */
export async function reservePhoneSend(
  db: Knex,
  s: PhoneSendSubject,
): Promise<{ id: string } | { retryAfterSeconds: number }> {
  const key = numberKey(s.secret, s.phoneNumber);
  return db.transaction(async (trx) => {
    const budget = s.budget ?? 'own';
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`phone-send:${s.channel}:${budget}:${key}`]);
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`phone-send:${s.channel}:${budget}:${s.userId}`]);
    const wait = await dailyCapWait(trx, s);
    if (wait > 0) return { retryAfterSeconds: wait };
    const [row] = await trx('phone_sends')
      .insert({ channel: s.channel, budget: s.budget ?? 'own', user_id: s.userId, number_key: key, sent_at: s.now })
      .returning('id');
    return { id: String(row.id) };
  });
}

/** Gives a reserved send back (it was not sent after all). */
export async function releasePhoneSend(db: Knex, id: string): Promise<void> {
  await db('phone_sends').where({ id }).del();
}
