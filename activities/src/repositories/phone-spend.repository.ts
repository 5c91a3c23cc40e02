import type { Knex } from 'knex';
import { callPrice, capsFor, smsPrice, type PhoneCostTable } from '../domain/phone-costs';
import { phoneCountry } from '../domain/phone-policy';
import { numberKey } from './phone-sends.repository';

// The priced ledger of what we send to phones (table phone_spend): the per-country daily caps and the
// monthly budget per account read it; wake-up calls are priced from call_attempts' talk time.

const DAY_MS = 24 * 3600_000;

/**
 * What the ledger holds: texts, codes read out by a call, test calls. A Fajr friend invitation is a
 * text of its own kind ('invite'): it counts with texts against the country's caps, but against a
 * number's cap apart from the number's own texts, so invitations never spend its owner's codes (issue 42).
 */
export type SpendChannel = 'sms' | 'invite' | 'voice-code' | 'test-call';

export interface SpendSubject {
  channel: SpendChannel;
  userId: string | null;
  phoneNumber: string;
  /** The key of the number's hash (OTP_SECRET). */
  secret: string;
  now: Date;
}

/** The price of one send: a text's, or a call's first minute (a code read out takes less). */
export function sendPrice(table: PhoneCostTable, channel: SpendChannel, country: string): number {
  return channel === 'sms' || channel === 'invite' ? smsPrice(table, country) : callPrice(table, country, 60);
}

/** Records one send with its country and price. */
export async function recordSpend(db: Knex, table: PhoneCostTable, s: SpendSubject): Promise<void> {
  const country = phoneCountry(s.phoneNumber) ?? 'ZZ';
  await db('phone_spend').insert({
    user_id: s.userId,
    country,
    channel: s.channel,
    number_key: numberKey(s.secret, s.phoneNumber),
    cost_usd: sendPrice(table, s.channel, country),
    sent_at: s.now,
  });
}

/**
 * Seconds until the country's daily caps allow one more send of this kind to this number (0: now).
 * Texts count against the texts caps; codes read out and test calls against the calls caps.
 */
export async function countryCapWait(
  db: Knex,
  table: PhoneCostTable,
  s: Omit<SpendSubject, 'userId'>,
): Promise<number> {
  const country = phoneCountry(s.phoneNumber);
  if (!country) return 0;
  const caps = capsFor(table, country);
  const texts = s.channel === 'sms' || s.channel === 'invite';
  const channels: SpendChannel[] = texts ? ['sms', 'invite'] : ['voice-code', 'test-call'];
  const since = new Date(s.now.getTime() - DAY_MS);
  const waitFor = async (where: Record<string, string>, cap: number, kinds = channels) => {
    // The cap-th newest send in the window: once it is a day old, one more is allowed.
    const row = await db('phone_spend')
      .where(where)
      .whereIn('channel', kinds)
      .where('sent_at', '>', since)
      .orderBy('sent_at', 'desc')
      .offset(cap - 1)
      .first('sent_at');
    return row ? Math.max(1, Math.ceil((new Date(row.sent_at).getTime() + DAY_MS - s.now.getTime()) / 1000)) : 0;
  };
  return Math.max(
    await waitFor(
      { number_key: numberKey(s.secret, s.phoneNumber) },
      texts ? caps.textsPerNumber : caps.callsPerNumber,
      texts ? [s.channel] : channels,
    ),
    await waitFor({ country }, texts ? caps.textsPerCountry : caps.callsPerCountry),
  );
}

/** The first instant of the calendar month (UTC) that `now` is in. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * What each account's numbers cost this month (US dollars): the ledger's texts and codes read out,
 * plus every placed call's talk time (wake-up, repeat, test, friend) in whole minutes at the price of
 * the account's number's country. `userId` narrows it to one account.
 */
export async function monthSpend(
  db: Knex,
  table: PhoneCostTable,
  now: Date,
  userId?: string,
): Promise<Map<string, number>> {
  const since = monthStart(now);
  const ledger: { user_id: string; cost: string }[] = await db('phone_spend')
    .whereNotNull('user_id')
    .where('sent_at', '>=', since)
    .whereNot('channel', 'test-call')
    .modify((q) => void (userId && q.where('user_id', userId)))
    .groupBy('user_id')
    .select('user_id', db.raw('sum(cost_usd) as cost'));
  const calls: { user_id: string; phone_number: string | null; seconds: string }[] = await db('call_attempts as a')
    .join('users as u', 'u.id', 'a.user_id')
    .where('a.placed_at', '>=', since)
    .whereNotNull('a.duration_seconds')
    .modify((q) => void (userId && q.where('a.user_id', userId)))
    .groupBy('a.user_id', 'u.phone_number')
    .select('a.user_id', 'u.phone_number', db.raw('sum(ceil(a.duration_seconds / 60.0) * 60) as seconds'));
  const spend = new Map<string, number>();
  const add = (id: string, usd: number) => spend.set(id, (spend.get(id) ?? 0) + usd);
  for (const r of ledger) add(r.user_id, Number(r.cost));
  for (const r of calls)
    add(r.user_id, callPrice(table, (r.phone_number && phoneCountry(r.phone_number)) ?? 'ZZ', Number(r.seconds)));
  return spend;
}

/** How many accounts spent more than `budgetUsd` this month (the operators' alert). */
export async function accountsOverBudget(
  db: Knex,
  table: PhoneCostTable,
  budgetUsd: number,
  now: Date,
): Promise<number> {
  return [...(await monthSpend(db, table, now)).values()].filter((usd) => usd > budgetUsd).length;
}

/** Whether the account was sent one of these in the last day (a code asked for again is a resend). */
export async function sentWithinDay(db: Knex, userId: string, channels: SpendChannel[], now: Date): Promise<boolean> {
  const row = await db('phone_spend')
    .where('user_id', userId)
    .whereIn('channel', channels)
    .where('sent_at', '>', new Date(now.getTime() - DAY_MS))
    .first('id');
  return Boolean(row);
}
