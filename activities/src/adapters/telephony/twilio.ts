import twilio from 'twilio';
import { telephonyAccountsOf, type ProviderAccount, type SharedConfig, type TelephonyAccounts } from '../../config';
import type { Logger } from '../../logger';
import { attemptStatusCallbackUrl, awakeKeyUrl } from './signature';
import { fajrCallTwiml } from './twiml';
import {
  isTerminal,
  RING_TIMEOUT_SECONDS,
  TelephonyError,
  type PlaceCallInput,
  type ProviderCall,
  type ProviderCallStatus,
  type Telephony,
} from './types';

export { fajrCallTwiml } from './twiml';

/** Absolute URL of an adhaan (the catalogue may hold API-relative paths). */
export function absoluteAudioUrl(baseUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${baseUrl.replace(/\/$/, '')}/${url.replace(/^\//, '')}`;
}

/**
 * How `findCall` waits out the lag of Twilio's call list: a call just created may not be listed for
 * a few seconds, so "not found" is only answered after `lookups` looks `intervalMs` apart (default
 * 5 looks over 8 s). The wait must stay well under the dial activity's heartbeat timeout (20 s).
 */
export interface FindCallLag {
  lookups: number;
  intervalMs: number;
}
export const DEFAULT_FIND_CALL_LAG: FindCallLag = { lookups: 5, intervalMs: 2000 };
/** How many calls a listing reads at most (one page): a user gets a few calls a day. */
const FIND_CALL_PAGE = 50;

/** Builds the SDK client of one account: its API key when it has one, else its SID and auth token. */
export type TwilioClientFactory = (account: ProviderAccount) => twilio.Twilio;
export const clientOfAccount = (a: ProviderAccount, options: twilio.ClientOpts = {}): twilio.Twilio =>
  a.apiKey ? twilio(a.apiKey, a.apiSecret, { ...options, accountSid: a.sid }) : twilio(a.sid, a.authToken, options);

/**
 * Telephony through Twilio's REST API with the official SDK: a client per account (CALLER_ACCOUNTS'
 * JSON form names each caller number's own; otherwise the one TWILIO_ACCOUNT_SID), each call placed
 * and looked up through the account of the number it comes from.
 */
export class TwilioTelephony implements Telephony {
  readonly provider = 'twilio' as const;
  readonly account: string;
  private readonly accounts: TelephonyAccounts;
  private readonly clients = new Map<string, twilio.Twilio>();
  private readonly clientFactory: TwilioClientFactory;

  /** `client`: one client for every account (tests), or how to build each account's. */
  constructor(
    private readonly config: SharedConfig,
    private readonly logger: Logger,
    client?: twilio.Twilio | TwilioClientFactory,
    private readonly findCallLag: FindCallLag = DEFAULT_FIND_CALL_LAG,
  ) {
    this.accounts = telephonyAccountsOf(config);
    this.account = `twilio:${config.TWILIO_ACCOUNT_SID ?? this.accounts.accounts[0]?.sid ?? 'unset'}`;
    this.clientFactory = typeof client === 'function' ? client : client ? () => client : (a) => clientOfAccount(a);
  }

  /** The client of the account a caller number dials through (built once per account). */
  private clientOf(from: string | undefined): twilio.Twilio {
    return this.clientOfAccount(this.accounts.accountOf(from ?? this.accounts.defaultCaller));
  }

  private clientOfAccount(account: ProviderAccount): twilio.Twilio {
    let client = this.clients.get(account.sid);
    if (!client) {
      client = this.clientFactory(account);
      this.clients.set(account.sid, client);
    }
    return client;
  }

  async placeCall(input: PlaceCallInput): Promise<{ sid: string; queueMs?: number }> {
    try {
      const from = input.from ?? this.accounts.defaultCaller;
      const call = await this.clientOf(from).calls.create({
        to: input.to,
        from,
        twiml:
          input.twiml ??
          fajrCallTwiml(
            absoluteAudioUrl(this.config.PUBLIC_BASE_URL, input.adhaanUrl),
            input.awakeCheck || input.friend
              ? awakeKeyUrl(this.config, input.attemptKey, input.speech?.language, input.speech?.jamaahChange)
              : undefined,
            input.friend,
            { language: 'en', ...input.speech, baseUrl: this.config.PUBLIC_BASE_URL },
          ),
        // The attempt key in the URL lets an early callback find its attempt before the sid is stored.
        statusCallback: attemptStatusCallbackUrl(this.config, input.attemptKey),
        statusCallbackMethod: 'POST',
        // The end of the call (Twilio's `completed` event also carries busy, no-answer, failed and
        // canceled) and `answered`, whose AnsweredBy logs a voicemail (answering-machine detection) as
        // soon as it is known. Not `initiated` or `ringing`: nothing waits for them, and at a city's Fajr
        // minute they were two more webhooks per call (docs/CALLS.md, "Status webhook").
        statusCallbackEvent: ['answered', 'completed'],
        // Answering-machine detection: AnsweredBy=machine_* marks voicemail, which counts as unanswered.
        machineDetection: 'Enable',
        // Ring for 45 s before Twilio gives up with no-answer (a ring far shorter reads as a silenced phone).
        timeout: RING_TIMEOUT_SECONDS,
      });
      // Twilio queues an account's calls above its CPS and says for how long (ms, a string; absent in older API answers).
      const queueMs = Number(call.queueTime);
      return {
        sid: call.sid,
        ...(call.queueTime != null && call.queueTime !== '' && Number.isFinite(queueMs) ? { queueMs } : {}),
      };
    } catch (err) {
      throw toTelephonyError(err);
    }
  }

  /**
   * A call through the account of the number it came from; when that is not known and there are
   * several accounts, each account is asked in turn (another account's call is a 404 to this one).
   */
  async getCall(sid: string, from?: string): Promise<ProviderCall> {
    const candidates =
      from !== undefined || this.accounts.accounts.length < 2
        ? [this.clientOf(from)]
        : this.accounts.accounts.map((a) => this.clientOfAccount(a));
    let lastError: unknown;
    for (const client of candidates) {
      try {
        return fromTwilio(await client.calls(sid).fetch());
      } catch (err) {
        lastError = err;
        if ((err as { status?: number }).status !== 404) break;
      }
    }
    throw toTelephonyError(lastError);
  }

  /**
   * The earliest call from our caller number to `to` created at or after `since`. Twilio's call list
   * can lag seconds behind a call it has just accepted, so an empty answer is only trusted after
   * looking again over the lag window. A call still queued (beyond the account's calls per second)
   * has no start time yet, so a StartTime filter alone would miss it: each look also lists the
   * number's queued calls. (The Call resource does not return the status callback URL, so the
   * attempt key it carries cannot narrow the match.)
   */
  async findCall(
    to: string,
    since: Date,
    from = this.accounts.defaultCaller,
    options: { quick?: boolean } = {},
  ): Promise<ProviderCall | null> {
    const { intervalMs } = this.findCallLag;
    const lookups = options.quick ? 1 : this.findCallLag.lookups;
    for (let look = 1; ; look += 1) {
      let calls;
      try {
        const mine = { to, from, pageSize: FIND_CALL_PAGE, limit: FIND_CALL_PAGE };
        const [started, queued] = await Promise.all([
          this.clientOf(from).calls.list({ ...mine, startTimeAfter: since }),
          this.clientOf(from).calls.list({ ...mine, status: 'queued' }),
        ]);
        calls = [...started, ...queued];
      } catch (err) {
        this.logger.warn({ err: (err as Error).message }, 'twilio: listing calls failed');
        throw toTelephonyError(err);
      }
      const earliest = calls
        .filter((c) => c.dateCreated && c.dateCreated.getTime() >= since.getTime())
        .sort((a, b) => a.dateCreated.getTime() - b.dateCreated.getTime())[0];
      if (earliest) {
        if (look > 1)
          this.logger.info(
            { sid: earliest.sid, look },
            'twilio: a call missing from the call list appeared after a wait',
          );
        return fromTwilio(earliest);
      }
      if (look >= lookups) return null;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}

type TwilioCall = {
  sid: string;
  status: string;
  answeredBy: string | null;
  duration: string | null;
  startTime?: Date | null;
  endTime?: Date | null;
};

function fromTwilio(call: TwilioCall): ProviderCall {
  const durationSeconds = call.duration != null && call.duration !== '' ? Number(call.duration) : null;
  const ringSeconds = ringSecondsOf(call, durationSeconds);
  return {
    sid: call.sid,
    status: call.status as ProviderCallStatus,
    answeredBy: call.answeredBy ?? null,
    durationSeconds,
    ...(ringSeconds === null ? {} : { ringSeconds }),
  };
}

/**
 * How long an ended call rang: Twilio's Call resource gives `start_time` (dialling began), `end_time`
 * and `duration` (talk time, 0 when unanswered), so the ring is end − start − duration. Null while
 * the call has not ended.
 */
function ringSecondsOf(call: TwilioCall, durationSeconds: number | null): number | null {
  // The SDK turns a missing time into an invalid Date.
  const start = call.startTime?.getTime() ?? NaN;
  const end = call.endTime?.getTime() ?? NaN;
  if (!Number.isFinite(start) || !Number.isFinite(end) || !isTerminal(call.status as ProviderCallStatus)) return null;
  const total = Math.round((end - start) / 1000);
  return Math.max(0, total - (durationSeconds ?? 0));
}

function toTelephonyError(err: unknown): TelephonyError {
  if (err instanceof TelephonyError) return err;
  const e = err as { status?: number; code?: number; message?: string };
  // 4xx other than 429 are our request's fault (bad number, unverified caller id): retrying will not help.
  const retryable = e.status === undefined || e.status >= 500 || e.status === 429;
  return new TelephonyError(`Twilio: ${e.message ?? String(err)}`, retryable, e.code);
}
