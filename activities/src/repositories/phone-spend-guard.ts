import type { Knex } from 'knex';
import type { SharedConfig } from '../config';
import { phoneCosts } from '../domain/phone-costs';
import { countryName, phoneCountry } from '../domain/phone-policy';
import { countryCapWait, monthSpend, recordSpend, type SpendChannel } from './phone-spend.repository';

/**
 * Whether an optional send (a test call, an invitation, a repeated code) may go to a number: the
 * country's daily caps, then the account's monthly budget (docs/SECURITY.md, "Countries and costs").
 * Wake-up calls never ask: they go out whatever the month cost, and the operators are alerted.
 */

type GuardDeps = {
  db: Knex;
  config: Pick<SharedConfig, 'PHONE_COSTS_FILE' | 'PHONE_MONTHLY_BUDGET_USD' | 'OTP_SECRET'>;
  now: () => Date;
};

export interface SendHeld {
  reason: 'country-cap' | 'budget';
  message: string;
  retryAfterSeconds: number;
}

const WHAT: Record<SpendChannel, string> = {
  sms: 'text messages',
  invite: 'text messages',
  'voice-code': 'calls with a code',
  'test-call': 'test calls',
};

/** Null when the send may go; otherwise why not (a message to show) and for how long. */
export async function optionalSendHeld(
  deps: GuardDeps,
  s: { channel: SpendChannel; userId: string; phoneNumber: string },
): Promise<SendHeld | null> {
  const table = phoneCosts(deps.config.PHONE_COSTS_FILE);
  const now = deps.now();
  const wait = await countryCapWait(deps.db, table, {
    channel: s.channel,
    phoneNumber: s.phoneNumber,
    secret: deps.config.OTP_SECRET,
    now,
  });
  if (wait > 0) {
    const where = countryName(phoneCountry(s.phoneNumber) ?? '');
    return {
      reason: 'country-cap',
      message: `We have sent all the ${WHAT[s.channel]} we can to ${where} today, please try again later`,
      retryAfterSeconds: wait,
    };
  }
  const spent = (await monthSpend(deps.db, table, now, s.userId)).get(s.userId) ?? 0;
  if (spent < deps.config.PHONE_MONTHLY_BUDGET_USD) return null;
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return {
    reason: 'budget',
    message: `Your account has reached this month's limit of ${WHAT[s.channel]}; your wake-up calls carry on`,
    retryAfterSeconds: Math.ceil((next.getTime() - now.getTime()) / 1000),
  };
}

/** Records a send that went, priced, in the ledger the caps and the budget read. */
export async function recordOptionalSend(
  deps: GuardDeps,
  s: { channel: SpendChannel; userId: string | null; phoneNumber: string },
): Promise<void> {
  await recordSpend(deps.db, phoneCosts(deps.config.PHONE_COSTS_FILE), {
    ...s,
    secret: deps.config.OTP_SECRET,
    now: deps.now(),
  });
}
