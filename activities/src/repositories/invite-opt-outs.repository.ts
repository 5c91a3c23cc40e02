import { createHmac } from 'node:crypto';
import type { Knex } from './db';

/** How a number said stop: the signed link, an SMS reply, the call's stop key. */
export type OptOutSource = 'link' | 'sms' | 'key';

/** The keyed hash a number that said stop is remembered by (never the number itself). */
export function optOutKey(secret: string, phoneNumber: string): string {
  return createHmac('sha256', secret).update(`invite-stop:${phoneNumber}`).digest('hex');
}

/** Remembers that a number said stop: no invitation from anyone until it opts back in (issue 42). */
export async function recordOptOut(
  db: Knex,
  secret: string,
  phoneNumber: string,
  source: OptOutSource,
  now: Date,
): Promise<void> {
  await db('invite_opt_outs')
    .insert({ number_key: optOutKey(secret, phoneNumber), source, created_at: now })
    .onConflict('number_key')
    .ignore();
}

/** The number opted back in (START by SMS, or a consent on the consent page). */
export async function clearOptOut(db: Knex, secret: string, phoneNumber: string): Promise<void> {
  await db('invite_opt_outs')
    .where({ number_key: optOutKey(secret, phoneNumber) })
    .del();
}

/** Whether a number said stop and has not opted back in. */
export async function isOptedOut(db: Knex, secret: string, phoneNumber: string): Promise<boolean> {
  return !!(await db('invite_opt_outs')
    .where({ number_key: optOutKey(secret, phoneNumber) })
    .first('number_key'));
}
