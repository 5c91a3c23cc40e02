import twilio from 'twilio';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { callStatusCallbackUrl } from './signature';
import { TelephonyError, WAKE_UP_LINE, type PlaceCallInput, type ProviderCall, type ProviderCallStatus, type Telephony } from './types';

/** Builds the TwiML of a Fajr call: a short spoken wake-up line, then the chosen adhaan. */
export function fajrCallTwiml(adhaanUrl: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say({ voice: 'alice', language: 'en-GB' }, WAKE_UP_LINE);
  response.play(adhaanUrl);
  return response.toString();
}

/** Absolute URL of an adhaan (the catalogue may hold API-relative paths). */
export function absoluteAudioUrl(baseUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${baseUrl.replace(/\/$/, '')}/${url.replace(/^\//, '')}`;
}

/** Telephony through Twilio's REST API with the official SDK. */
export class TwilioTelephony implements Telephony {
  readonly provider = 'twilio' as const;
  readonly account: string;
  private readonly client: twilio.Twilio;

  constructor(
    private readonly config: SharedConfig,
    private readonly logger: Logger,
    client?: twilio.Twilio,
  ) {
    this.account = `twilio:${config.TWILIO_ACCOUNT_SID ?? 'unset'}`;
    this.client = client ?? twilio(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN);
  }

  async placeCall(input: PlaceCallInput): Promise<{ sid: string }> {
    try {
      const call = await this.client.calls.create({
        to: input.to,
        from: this.config.FAJR_CALLER_NUMBER,
        twiml: fajrCallTwiml(absoluteAudioUrl(this.config.PUBLIC_BASE_URL, input.adhaanUrl)),
        // The attempt key in the URL lets an early callback find its attempt before the sid is stored.
        statusCallback: `${callStatusCallbackUrl(this.config)}?attempt=${encodeURIComponent(input.attemptKey)}`,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        // Answering-machine detection: AnsweredBy=machine_* marks voicemail, which counts as unanswered.
        machineDetection: 'Enable',
        // Ring for 45 s before Twilio gives up with no-answer.
        timeout: 45,
      });
      return { sid: call.sid };
    } catch (err) {
      throw toTelephonyError(err);
    }
  }

  async getCall(sid: string): Promise<ProviderCall> {
    try {
      return fromTwilio(await this.client.calls(sid).fetch());
    } catch (err) {
      throw toTelephonyError(err);
    }
  }

  async findCall(to: string, since: Date): Promise<ProviderCall | null> {
    try {
      const calls = await this.client.calls.list({ to, from: this.config.FAJR_CALLER_NUMBER, startTimeAfter: since, limit: 20 });
      // Twilio lists newest first; the earliest is the one our lost attempt placed.
      const earliest = calls.sort((a, b) => +new Date(a.dateCreated) - +new Date(b.dateCreated))[0];
      return earliest ? fromTwilio(earliest) : null;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'twilio: listing calls failed');
      throw toTelephonyError(err);
    }
  }
}

function fromTwilio(call: { sid: string; status: string; answeredBy: string | null; duration: string | null }): ProviderCall {
  return {
    sid: call.sid,
    status: call.status as ProviderCallStatus,
    answeredBy: call.answeredBy ?? null,
    durationSeconds: call.duration != null && call.duration !== '' ? Number(call.duration) : null,
  };
}

function toTelephonyError(err: unknown): TelephonyError {
  if (err instanceof TelephonyError) return err;
  const e = err as { status?: number; code?: number; message?: string };
  // 4xx other than 429 are our request's fault (bad number, unverified caller id): retrying will not help.
  const retryable = e.status === undefined || e.status >= 500 || e.status === 429;
  return new TelephonyError(`Twilio: ${e.message ?? String(err)}`, retryable, e.code);
}
