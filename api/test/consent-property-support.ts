import fc from 'fast-check';
import type { ApiHarness } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';

// The model of consent.property.int.test.ts: the actions a random sequence is made of, and the world one sequence
// runs in (its fresh numbers, its accounts, what each account proved), with the check made after every step.

const NUMBERS = 4;
export const PASSWORD = 'correct horse battery';

/** A step: account `a` does something (with the sequence's number `n` where it needs one), or number `n`'s owner speaks. */
export type Action =
  | {
      do:
        | 'send-code'
        | 'upgrade'
        | 'send-second-code'
        | 'remove-second'
        | 'forget-password'
        | 'change-number'
        | 'enter-code'
        | 'add-second'
        | 'enter-second-code'
        | 'reset-password'
        | 'invite'
        | 'remove-friend'
        | 'test-call';
      a: number;
      n?: number;
    }
  | { do: 'stop-link' | 'stop-sms' | 'start-sms'; n: number };

// Mostly the first account: a way around consent is a few steps by one account in the right order,
// so the steps that send, change and enter codes weigh most.
const a = fc.constantFrom(0, 0, 0, 0, 0, 1);
const n = fc.nat(NUMBERS - 1);
const byAccount = (weight: number, name: Extract<Action, { a: number }>['do']) => ({
  weight,
  arbitrary: fc.record({ do: fc.constant(name), a, n }),
});
const byNumber = (weight: number, name: Exclude<Action, { a: number }>['do']) => ({
  weight,
  arbitrary: fc.record({ do: fc.constant(name), n }),
});
const action = fc.oneof(
  byAccount(3, 'send-code'),
  byAccount(3, 'change-number'),
  byAccount(3, 'enter-code'),
  byAccount(3, 'forget-password'),
  byAccount(3, 'reset-password'),
  byAccount(3, 'add-second'),
  byAccount(3, 'enter-second-code'),
  byAccount(1, 'upgrade'),
  byAccount(1, 'send-second-code'),
  byAccount(1, 'remove-second'),
  byAccount(2, 'invite'),
  byAccount(1, 'remove-friend'),
  byAccount(1, 'test-call'),
  byNumber(1, 'stop-link'),
  byNumber(1, 'stop-sms'),
  byNumber(1, 'start-sms'),
) as fc.Arbitrary<Action>;
/** A sequence: the first account signs up, pays for Premium half the time, then the steps. */
export const sequence = fc
  .tuple(fc.boolean(), fc.array(action, { minLength: 6, maxLength: 18 }))
  .map(([premium, steps]): Action[] => (premium ? [{ do: 'upgrade', a: 0 }, ...steps] : steps));

export interface Account {
  id: string;
  token: string;
  /** The first number as this test last set it (the reset types it). */
  phone: string;
  /** Numbers this account proved: a code texted to the number, entered by this account and accepted. */
  proved: Set<string>;
  friends: Map<string, string>;
}

/** One sequence's world: its fresh numbers, its accounts, what the local outbox held before it began. */
export class World {
  readonly numbers = Array.from({ length: NUMBERS }, () => freshPhone('+4479112'));
  readonly accounts: (Account | undefined)[] = [];
  /** Numbers whose last word was STOP (link or SMS), not yet followed by START. */
  readonly stopped = new Set<string>();
  readonly violations: string[] = [];
  constructor(readonly h: ApiHarness) {}

  /** Account i, signed up on first use with the first of the sequence's numbers (from the i-th on) no account holds. */
  async account(i: number): Promise<Account | undefined> {
    const existing = this.accounts[i];
    if (existing) return existing;
    for (let k = 0; k < NUMBERS; k++) {
      const phone = this.numbers[(i + k) % NUMBERS]!;
      const r = await this.h.api('POST', '/api/users/signup?source=web', {
        body: { phoneNumber: phone, password: PASSWORD },
      });
      if (r.status === 409) continue;
      if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${JSON.stringify(r.body)}`);
      const acct = {
        id: r.body.result.user.id,
        token: r.body.result.token,
        phone,
        proved: new Set<string>(),
        friends: new Map(),
      };
      this.accounts[i] = acct;
      return acct;
    }
    return undefined;
  }

  /**
   * A code of this kind as a person would enter it: the newest one texted to the `pick`-th of the
   * sequence's numbers that got one (a wrong code when none did), and the number it was texted to.
   */
  async codeTo(pick: number, kind: RegExp): Promise<{ code: string; number: string }> {
    const rows: { recipient: string; body: string }[] = await this.h
      .db('local_outbox')
      .whereIn('recipient', this.numbers)
      .orderBy('id', 'desc')
      .select('recipient', 'body');
    const got = [...new Set(rows.filter((r) => kind.test(r.body)).map((r) => r.recipient))];
    if (!got.length) return { code: '000000', number: this.numbers[pick]! };
    const number = got[pick % got.length]!;
    const body = rows.find((r) => r.recipient === number && kind.test(r.body))!.body;
    return { code: /\b(\d{6})\b/.exec(body)![1]!, number };
  }

  /** Waits (briefly) for a text to a number newer than `after`: the reset code is sent after the answer. */
  async waitForText(number: string, after: number): Promise<void> {
    for (let i = 0; i < 30 && (await lastId(this.h, number)) <= after; i++) await new Promise((r) => setTimeout(r, 50));
  }

  /** Every number the app would call now, and every number the local phone was asked to call or texted anything but a code. */
  async check(step: string): Promise<void> {
    for (const acct of this.accounts) {
      if (!acct) continue;
      const u = await this.h
        .db('users')
        .where({ id: acct.id })
        .first('phone_number', 'phone_verified_at', 'second_phone_number', 'second_phone_verified_at');
      if (u.phone_verified_at && !acct.proved.has(u.phone_number))
        this.violations.push(`after ${step}: first number ${u.phone_number} verified, never proved by this account`);
      if (u.second_phone_verified_at && !acct.proved.has(u.second_phone_number))
        this.violations.push(
          `after ${step}: second number ${u.second_phone_number} verified, never proved by this account`,
        );
    }
    const proved = new Set(this.accounts.flatMap((x) => (x ? [...x.proved] : [])));
    const called: string[] = await this.h.db('local_phone_calls').whereIn('to_number', this.numbers).pluck('to_number');
    for (const to of called)
      if (!proved.has(to)) this.violations.push(`after ${step}: the local phone was asked to call ${to}, never proved`);
    const texts: { recipient: string; body: string }[] = await this.h
      .db('local_outbox')
      .whereIn('recipient', this.numbers)
      .select('recipient', 'body');
    for (const t of texts)
      if (!/\b\d{6}\b/.test(t.body) && !proved.has(t.recipient))
        this.violations.push(`after ${step}: ${t.recipient} texted "${t.body.slice(0, 40)}", never proved`);
  }
}

export const lastId = async (h: ApiHarness, recipient: string) =>
  Number((await h.db('local_outbox').where({ recipient }).max({ id: 'id' }).first())?.id ?? 0);

export const describeAction = (act: Action) =>
  `${act.do}(${['a' in act ? `a${act.a}` : '', act.n === undefined ? '' : `n${act.n}`].filter(Boolean).join(',')})`;
