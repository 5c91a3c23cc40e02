import twilio from 'twilio';
import { parseConfig, sharedConfigSchema } from '../../config';
import { createLogger } from '../../logger';
import { TwilioTelephony } from './twilio';
import { TelephonyError } from './types';

// The SDK's HTTP layer is swapped for one that records what the SDK would send to api.twilio.com
// and answers as Twilio's REST API does; everything above it is the real SDK.
function recordingHttp(
  answer: (opts: { method: string; uri: string; params?: Record<string, unknown> }) => {
    statusCode: number;
    body: unknown;
  },
) {
  const requests: { method: string; uri: string; data?: Record<string, unknown>; params?: Record<string, unknown> }[] =
    [];
  const client = {
    async request(opts: {
      method: string;
      uri: string;
      data?: Record<string, unknown>;
      params?: Record<string, unknown>;
    }) {
      requests.push(opts);
      const { statusCode, body } = answer(opts);
      return { statusCode, body, headers: {} };
    },
  };
  return { requests, client };
}

const config = parseConfig(sharedConfigSchema, {
  DATABASE_URL: 'postgres://unused/db',
  TELEPHONY_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'auth-token-0123456789',
  PUBLIC_BASE_URL: 'https://fajr.example',
  FAJR_CALLER_NUMBER: '+447700900123',
});
const logger = createLogger('twilio-test', 'silent');
const sid = `CA${'b'.repeat(32)}`;
const call = (over: Record<string, unknown> = {}) => ({
  sid,
  status: 'queued',
  answered_by: null,
  duration: null,
  date_created: 'Sun, 22 Nov 2026 05:00:00 +0000',
  ...over,
});

describe('Twilio adapter (real SDK, recorded HTTP)', () => {
  it('places a call with the caller number, TwiML, status callback and answering-machine detection', async () => {
    const http = recordingHttp(() => ({ statusCode: 201, body: call() }));
    const t = new TwilioTelephony(
      config,
      logger,
      twilio(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, { httpClient: http.client as never }),
    );
    const key = 'fajr-call:u1:2026-11-22#1';
    expect(
      await t.placeCall({ to: '+447700900777', adhaanUrl: '/api/media/adhaans/default.wav', attemptKey: key }),
    ).toEqual({ sid });
    const [req] = http.requests;
    expect(req!.method.toUpperCase()).toBe('POST');
    expect(req!.uri).toBe(`https://api.twilio.com/2010-04-01/Accounts/${config.TWILIO_ACCOUNT_SID}/Calls.json`);
    expect(req!.data).toMatchObject({
      To: '+447700900777',
      From: '+447700900123',
      MachineDetection: 'Enable',
      StatusCallback: `https://fajr.example/api/webhooks/twilio/call-status?attempt=${encodeURIComponent(key)}`,
      StatusCallbackMethod: 'POST',
    });
    expect(String(req!.data!.Twiml)).toContain('<Play>https://fajr.example/api/media/adhaans/default.wav</Play>');
  });

  it("when Twilio queues a call above the account's calls per second, then its QueueTime (ms) is returned with the call id", async () => {
    const http = recordingHttp(() => ({ statusCode: 201, body: call({ queue_time: '250' }) }));
    const t = new TwilioTelephony(
      config,
      logger,
      twilio(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, { httpClient: http.client as never }),
    );
    expect(
      await t.placeCall({
        to: '+447700900777',
        adhaanUrl: '/api/media/adhaans/default.wav',
        attemptKey: 'fajr-call:u1:2026-11-22#1',
      }),
    ).toEqual({ sid, queueMs: 250 });
  });

  it('reads a call back and maps a refused request to a TelephonyError without the number', async () => {
    const http = recordingHttp((opts) =>
      opts.method.toUpperCase() === 'GET'
        ? {
            statusCode: 200,
            body: call({
              status: 'completed',
              answered_by: 'machine_end_beep',
              duration: '21',
              start_time: 'Sun, 22 Nov 2026 05:00:00 +0000',
              end_time: 'Sun, 22 Nov 2026 05:00:39 +0000',
            }),
          }
        : {
            statusCode: 400,
            body: { code: 21211, message: "The 'To' number +447700900777 is not a valid phone number.", status: 400 },
          },
    );
    const t = new TwilioTelephony(
      config,
      logger,
      twilio(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, { httpClient: http.client as never }),
    );
    expect(await t.getCall(sid)).toEqual({
      sid,
      status: 'completed',
      answeredBy: 'machine_end_beep',
      durationSeconds: 21,
      ringSeconds: 18,
    });
    const err = await t
      .placeCall({ to: '+447700900777', adhaanUrl: 'https://a/b.wav', attemptKey: 'k#1' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(TelephonyError);
    expect(err).toMatchObject({ retryable: false, code: 21211 });
    expect(err.message).not.toContain('7700900777');
  });

  it('reads how long an ended call rang from its start and end times less its talk time (the do-not-disturb signal)', async () => {
    const ended = (status: string, duration: string, end: string) =>
      call({ status, duration, start_time: 'Sun, 22 Nov 2026 05:00:00 +0000', end_time: end });
    const answers = [
      ended('busy', '0', 'Sun, 22 Nov 2026 05:00:02 +0000'),
      ended('completed', '30', 'Sun, 22 Nov 2026 05:00:36 +0000'),
      call({ status: 'ringing', start_time: 'Sun, 22 Nov 2026 05:00:00 +0000' }),
    ];
    const http = recordingHttp(() => ({ statusCode: 200, body: answers.shift() }));
    const t = new TwilioTelephony(
      config,
      logger,
      twilio(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, { httpClient: http.client as never }),
    );
    expect(await t.getCall(sid)).toMatchObject({ status: 'busy', ringSeconds: 2 });
    expect(await t.getCall(sid)).toMatchObject({ status: 'completed', durationSeconds: 30, ringSeconds: 6 });
    expect((await t.getCall(sid)).ringSeconds).toBeUndefined();
  });

  describe("finding a call whose id was lost (Twilio's call list lags behind a call it just accepted)", () => {
    const since = new Date('2026-11-22T05:00:00Z');
    const listed = (calls: unknown[]) => ({
      statusCode: 200,
      body: {
        calls,
        next_page_uri: null,
        page: 0,
        page_size: 50,
        start: 0,
        end: Math.max(calls.length - 1, 0),
        uri: '/x',
      },
    });
    const older = call({
      sid: `CA${'c'.repeat(32)}`,
      status: 'completed',
      date_created: 'Sat, 21 Nov 2026 05:00:00 +0000',
      start_time: 'Sat, 21 Nov 2026 05:00:01 +0000',
    });
    // Just created and still queued (beyond the account's calls per second): no start time yet.
    const lost = call({ status: 'queued', date_created: 'Sun, 22 Nov 2026 05:00:02 +0000', start_time: null });
    const adapter = (answer: Parameters<typeof recordingHttp>[0]) => {
      const http = recordingHttp(answer);
      const t = new TwilioTelephony(
        config,
        logger,
        twilio(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, { httpClient: http.client as never }),
        { lookups: 3, intervalMs: 10 },
      );
      return { http, t };
    };

    // Twilio answers a StartTime filter with calls that have started, a Status filter with calls in that status.
    const byFilter = (started: unknown[], queued: unknown[]) => (opts: { params?: Record<string, unknown> }) =>
      listed(opts.params?.Status === 'queued' ? queued : started);

    it('when the call shows up only on the third look, queued, then it is found (and not dialled again)', async () => {
      let looks = 0;
      const { http, t } = adapter((opts) => {
        if (opts.params?.Status === 'queued') looks += 1;
        return byFilter([older], looks < 3 ? [] : [lost])(opts);
      });
      expect(await t.findCall('+447700900777', since)).toEqual({
        sid,
        status: 'queued',
        answeredBy: null,
        durationSeconds: null,
      });
      // Each look lists the calls started since the instant and the queued ones (no start time yet).
      expect(http.requests).toHaveLength(6);
      for (const req of http.requests) {
        expect(req.method.toUpperCase()).toBe('GET');
        expect(req.uri).toBe(`https://api.twilio.com/2010-04-01/Accounts/${config.TWILIO_ACCOUNT_SID}/Calls.json`);
      }
      expect(http.requests.slice(0, 2).map((r) => r.params)).toEqual([
        { To: '+447700900777', From: '+447700900123', PageSize: 50, 'StartTime>': '2026-11-22T05:00:00Z' },
        { To: '+447700900777', From: '+447700900123', PageSize: 50, Status: 'queued' },
      ]);
    });

    it('when no call since the instant is listed over the whole lag window, then the answer is none (after every look)', async () => {
      const { http, t } = adapter(byFilter([older], []));
      expect(await t.findCall('+447700900777', since)).toBeNull();
      expect(http.requests).toHaveLength(6);
    });

    it('when a quick look finds nothing, then the answer is none after that one look (no wait for the lag)', async () => {
      const { http, t } = adapter(byFilter([older], []));
      expect(await t.findCall('+447700900777', since, undefined, { quick: true })).toBeNull();
      expect(http.requests).toHaveLength(2);
    });

    it('when several calls since the instant are listed, then the earliest is the one the lost attempt placed', async () => {
      const later = call({
        sid: `CA${'d'.repeat(32)}`,
        status: 'ringing',
        date_created: 'Sun, 22 Nov 2026 05:01:00 +0000',
      });
      const { http, t } = adapter(byFilter([later, older], [lost]));
      expect((await t.findCall('+447700900777', since))?.sid).toBe(sid);
      expect(http.requests).toHaveLength(2);
    });

    it('when listing fails, then the error says so without the number', async () => {
      const { t } = adapter(() => ({
        statusCode: 503,
        body: { code: 20503, message: 'Service unavailable for +447700900777', status: 503 },
      }));
      const err = await t.findCall('+447700900777', since).catch((e) => e);
      expect(err).toBeInstanceOf(TelephonyError);
      expect(err).toMatchObject({ retryable: true });
      expect(err.message).not.toContain('7700900777');
    });
  });
});
