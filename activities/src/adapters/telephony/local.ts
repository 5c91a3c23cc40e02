import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { telephonyAccountsOf, type SharedConfig, type TelephonyAccounts } from '../../config';
import { LOCAL_ACCOUNT_SID } from '../../domain/caller-accounts';
import type { Logger } from '../../logger';
import { dialledAt, settledAs, toProviderCall, type LocalCallRow } from './local-call-row';
import { postStatusCallback, pressKey, type CallbackSender } from './local-callbacks';
import { attemptStatusCallbackUrl, awakeKeyUrl } from './signature';
import { fajrCallTwiml } from './twiml';
import { absoluteAudioUrl } from './twilio';
import {
  isTerminal,
  TelephonyError,
  type LocalBehaviour,
  type LocalCall,
  type LocalOutcome,
  type LocalPhoneConsole,
  type ManualAction,
  type PlaceCallInput,
  type ProviderCall,
  type Telephony,
} from './types';

/** A phone nobody configured answers after two seconds of ringing, presses 1 when asked (an awake person) and talks for 30 s. */
export const DEFAULT_BEHAVIOUR: LocalBehaviour = {
  outcome: 'answer',
  ringMs: 2000,
  durationSeconds: 30,
  pressKey: '1',
};
/** A manual call nobody answers in the dev page ends as no-answer after this long, like Twilio's ring timeout. */
export const MANUAL_RING_TIMEOUT_MS = 60_000;
/** A silenced phone lets a second call from the same number through within this long (iOS: three minutes). */
export const SILENCED_REPEAT_WINDOW_MS = 3 * 60_000;
/** How long a silenced phone takes to reject a call. */
const SILENCED_REJECT_MS = 1000;
/**
 * An account allowed more calls a second than this is not queued (the benchmarks' "uncapped" 100,000/s):
 * every call would wait on one row lock for no dial it could hold back.
 */
const UNQUEUED_ABOVE_CPS = 1000;

/**
 * The local (simulated) telephony provider for development and tests. It accepts calls like
 * Twilio (a CA… sid), rings, settles the call as the number's behaviour says (or as a person
 * decides in the dev page), and posts status callbacks signed exactly as Twilio signs them.
 * Settling is driven by timers in the process that placed the call and, should that process die,
 * by anyone asking about the call afterwards: the outcome never depends on one process.
 */
export class LocalTelephony implements Telephony, LocalPhoneConsole {
  readonly provider = 'local' as const;
  readonly account = 'local';
  readonly accountSid = LOCAL_ACCOUNT_SID;
  /** The simulated accounts: CALLER_ACCOUNTS' own (JSON form), each signing with its token, else one (LOCAL_ACCOUNT_SID). */
  private readonly accounts: TelephonyAccounts;
  private readonly sender: CallbackSender;

  constructor(
    private readonly config: SharedConfig,
    private readonly db: Knex,
    private readonly logger: Logger,
  ) {
    this.accounts = telephonyAccountsOf(config);
    this.sender = { config, logger, accountOf: (from) => this.accounts.accountOf(from) };
  }

  /** Sets how the phone at a number behaves from now on. */
  async setBehaviour(phoneNumber: string, b: Partial<LocalBehaviour> & { outcome: LocalOutcome }): Promise<void> {
    const row = {
      phone_number: phoneNumber,
      outcome: b.outcome,
      ring_ms: b.ringMs ?? DEFAULT_BEHAVIOUR.ringMs,
      duration_seconds: b.durationSeconds ?? DEFAULT_BEHAVIOUR.durationSeconds,
      // '' or null: a person who answers without pressing a key.
      press_key: b.pressKey === undefined ? DEFAULT_BEHAVIOUR.pressKey : b.pressKey || null,
      updated_at: new Date(),
    };
    await this.db('local_phone_behaviours').insert(row).onConflict('phone_number').merge();
  }

  async behaviourOf(phoneNumber: string): Promise<LocalBehaviour> {
    const row = await this.db('local_phone_behaviours').where({ phone_number: phoneNumber }).first();
    return row
      ? { outcome: row.outcome, ringMs: row.ring_ms, durationSeconds: row.duration_seconds, pressKey: row.press_key }
      : DEFAULT_BEHAVIOUR;
  }

  async placeCall(input: PlaceCallInput): Promise<{ sid: string; queueMs: number }> {
    // When the request arrived, as a provider stamps a call it accepts (Twilio's date_created): the
    // simulator's own look-ups below share the worker's DB pool, and a burst's queue there is the
    // provider's side, not the moment our call left.
    const receivedAt = new Date();
    const from = input.from ?? this.accounts.defaultCaller;
    const behaviour = await this.effectiveBehaviour(input.to, from, await this.behaviourOf(input.to));
    if (behaviour.outcome === 'fail') {
      // Like a Twilio API error: the call is refused and never exists.
      throw new TelephonyError(
        'Local provider: the call could not be placed (simulated provider error)',
        true,
        'local-fail',
      );
    }
    const dialledAt = await this.dequeue(from, receivedAt);
    const queueMs = dialledAt.getTime() - receivedAt.getTime();
    const sid = `CA${randomBytes(16).toString('hex')}`;
    // The TwiML Twilio would be given for this call (the same function builds it): kept with the call
    // and shown on the dev page, and the phone presses its key where the TwiML's <Gather> says.
    const twiml =
      input.twiml ??
      fajrCallTwiml(
        absoluteAudioUrl(this.config.PUBLIC_BASE_URL, input.adhaanUrl),
        input.awakeCheck || input.friend
          ? awakeKeyUrl(this.config, input.attemptKey, input.speech?.language, input.speech?.jamaahChange)
          : undefined,
        input.friend,
        { language: 'en', ...input.speech, baseUrl: this.config.PUBLIC_BASE_URL },
      );
    const gatherAction = /<Gather\b[^>]*\baction="([^"]*)"/.exec(twiml)?.[1];
    const callbackUrl = attemptStatusCallbackUrl(this.config, input.attemptKey);
    await this.db('local_phone_calls').insert({
      sid,
      to_number: input.to,
      from_number: from,
      status: queueMs > 0 ? 'queued' : 'ringing',
      status_callback_url: callbackUrl,
      params: JSON.stringify({
        behaviour,
        adhaanUrl: input.adhaanUrl,
        attemptKey: input.attemptKey,
        ...(gatherAction ? { awakeKeyUrl: unescapeXml(gatherAction) } : {}),
        twiml,
      }),
      created_at: receivedAt,
      dialled_at: dialledAt,
      queue_ms: queueMs,
    });
    const settleIn = queueMs + (behaviour.outcome === 'manual' ? MANUAL_RING_TIMEOUT_MS : behaviour.ringMs);
    setTimeout(
      () =>
        void this.settle(sid).catch((err) =>
          this.logger.warn({ sid, err: err.message }, 'local telephony: settle failed'),
        ),
      settleIn,
    ).unref();
    return { sid, queueMs };
  }

  /**
   * When the caller account may dial a call that arrived at `arrived`: at once, or after the calls
   * ahead of it in the account's queue, never two within 1 / its calls per second, as Twilio throttles
   * and queues an account's outbound calls "to never exceed" its CPS. The account's rate is the one it
   * is configured with here (CALLER_ACCOUNTS, else CALLS_PER_SECOND). The queue is the account's (its
   * SID) when CALLER_ACCOUNTS names each number's own account, else the number's, as before. Shared
   * by every process through one row per queue (its lock orders the calls).
   */
  private async dequeue(from: string, arrived: Date): Promise<Date> {
    const caller = this.accounts.callers.find((a) => a.number === from);
    const cps = caller?.callsPerSecond ?? this.config.CALLS_PER_SECOND;
    const queue = caller?.accountSid ?? from;
    if (cps > UNQUEUED_ABOVE_CPS) return arrived;
    const { rows } = await this.db.raw<{ rows: { dial_at: Date }[] }>(
      `insert into local_phone_account_queues as q (from_number, next_dial_at) values (?, ?::timestamptz + make_interval(secs => ?))
       on conflict (from_number) do update set next_dial_at = greatest(q.next_dial_at, excluded.next_dial_at - make_interval(secs => ?)) + make_interval(secs => ?)
       returning next_dial_at - make_interval(secs => ?) as dial_at`,
      [queue, arrived, 1 / cps, 1 / cps, 1 / cps, 1 / cps],
    );
    // Never before the request (the row keeps microseconds, a Date milliseconds).
    return new Date(Math.max(arrived.getTime(), rows[0]!.dial_at.getTime()));
  }

  /**
   * A silenced phone (Do Not Disturb with repeated calls allowed) rejects a call at once unless our
   * number (the same caller number: `from`) called it within SILENCED_REPEAT_WINDOW_MS: then it rings
   * through and is answered.
   */
  private async effectiveBehaviour(to: string, from: string, b: LocalBehaviour): Promise<LocalBehaviour> {
    if (b.outcome !== 'silenced') return b;
    const recent = await this.db('local_phone_calls')
      .where({ to_number: to, from_number: from })
      .where('created_at', '>=', new Date(Date.now() - SILENCED_REPEAT_WINDOW_MS))
      .first('sid');
    return recent ? { ...b, outcome: 'answer' } : { ...b, outcome: 'busy', ringMs: SILENCED_REJECT_MS };
  }

  async getCall(sid: string): Promise<ProviderCall> {
    const row = await this.settle(sid);
    if (!row) throw new TelephonyError(`Local provider: no call ${sid}`, false, 20404);
    return toProviderCall(row);
  }

  async findCall(to: string, since: Date, from = this.accounts.defaultCaller): Promise<ProviderCall | null> {
    const row = await this.db('local_phone_calls')
      .where({ to_number: to, from_number: from })
      .where('created_at', '>=', since)
      .orderBy('created_at', 'asc')
      .first();
    return row ? this.getCall(row.sid) : null;
  }

  /** Recent calls for the dev page (newest first). */
  async recentCalls(limit = 50): Promise<LocalCall[]> {
    const rows: LocalCallRow[] = await this.db('local_phone_calls').orderBy('created_at', 'desc').limit(limit);
    return rows.map((r) => ({
      ...toProviderCall(r),
      to: r.to_number,
      from: r.from_number,
      createdAt: r.created_at,
      behaviour: r.params.behaviour,
      twiml: r.params.twiml ?? null,
      keyReplies: r.params.keyReplies ?? [],
    }));
  }

  /** A person answers, declines, misses or sends to voicemail a ringing call (dev page). */
  async act(sid: string, action: ManualAction): Promise<ProviderCall> {
    const row = await this.settle(sid, action);
    if (!row) throw new TelephonyError(`Local provider: no call ${sid}`, false, 20404);
    return toProviderCall(row);
  }

  /** Moves a ringing call to its final state when its time has come (or a person acted); posts the callback once. */
  private async settle(sid: string, manual?: ManualAction): Promise<LocalCallRow | undefined> {
    const row: LocalCallRow | undefined = await this.db('local_phone_calls').where({ sid }).first();
    if (!row || isTerminal(row.status)) return row;
    const b = row.params.behaviour;
    const elapsed = Date.now() - dialledAt(row).getTime();
    let final: Pick<LocalCallRow, 'status' | 'answered_by' | 'duration_seconds'> | null = null;
    if (manual)
      final = settledAs(
        manual.action,
        manual.action === 'answer' || manual.action === 'press' ? manual.durationSeconds : 0,
      );
    else if (b.outcome === 'manual') final = elapsed >= MANUAL_RING_TIMEOUT_MS ? settledAs('miss', 0) : null;
    else if (elapsed >= b.ringMs) final = settledAs(b.outcome, b.durationSeconds);
    if (!final) return row;
    // An answered call that asks for a key: the person presses theirs while it plays, before it ends (as on Twilio).
    const key = manual ? (manual.action === 'press' ? (manual.digits ?? '1') : null) : (b.pressKey ?? null);
    const keyReplies =
      final.status === 'completed' && final.answered_by === 'human' && key && row.params.awakeKeyUrl
        ? await pressKey(this.sender, row, key)
        : [];
    // What the call said after each key, kept for the dev page beside what it said before.
    const params = keyReplies.length ? { params: JSON.stringify({ ...row.params, keyReplies }) } : {};
    // Conditional update: whoever settles first wins; the callback is posted exactly once per call.
    const [updated] = await this.db('local_phone_calls')
      .where({ sid })
      .whereIn('status', ['queued', 'ringing'])
      .update({ ...final, ...params, ended_at: new Date() })
      .returning('*');
    if (!updated) return this.db('local_phone_calls').where({ sid }).first();
    void postStatusCallback(this.sender, updated);
    return updated;
  }
}

/** An XML attribute's value as text (the TwiML escapes & in the key URL's query). */
function unescapeXml(v: string): string {
  return v
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
