import { context, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import twilio from 'twilio';
import { absoluteAudioUrl, fajrCallTwiml } from './twilio';
import { attemptStatusCallbackUrl, awakeKeyUrl, signCallback, verifyCallbackSignature } from './signature';
import { WebhookPayloadError, WebhookSignatureError } from '../errors';
import { twilioFormatStatusCallbacks } from './status-callback';
import { awakeKeyReplyTwiml, emptyMessagingTwiml, friendStoppedTwiml } from './twiml';
import {
  AWAKE_CONFIRMED_LINE,
  AWAKE_KEY_TIMEOUT_SECONDS,
  looksSilenced,
  NO_KEY_LINE,
  outcomeOf,
  PRESS_A_KEY_LINE,
  redactNumbers,
  RING_TIMEOUT_SECONDS,
  SILENCED_RING_SECONDS,
  TelephonyError,
  WAKE_UP_LINE,
} from './types';

describe('telephony helpers', () => {
  it('TwiML says the wake-up line, then plays the adhaan', () => {
    const xml = fajrCallTwiml('https://fajr.example/api/media/adhaans/default.wav');
    expect(xml).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Google.en-GB-Standard-A" language="en-GB">${WAKE_UP_LINE}</Say><Play>https://fajr.example/api/media/adhaans/default.wav</Play></Response>`,
    );
    expect(absoluteAudioUrl('https://fajr.example/', '/api/media/a.wav')).toBe('https://fajr.example/api/media/a.wav');
    expect(absoluteAudioUrl('https://fajr.example', 'https://cdn.example/a.mp3')).toBe('https://cdn.example/a.mp3');
  });

  it('with the awake check, TwiML gathers one key (any, # too) over the wake-up line and the adhaan, posts it to our webhook, and says so when none came', () => {
    const action = 'https://fajr.example/api/webhooks/twilio/awake?attempt=fajr-call%3Au%3A2026-11-23%231';
    const xml = fajrCallTwiml('https://fajr.example/a.wav', action);
    // Twilio's documented <Gather> attributes: input (dtmf), numDigits, finishOnKey ('' = none), timeout (s), action (absolute URL), method.
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        `<Gather input="dtmf" numDigits="1" finishOnKey="" timeout="${AWAKE_KEY_TIMEOUT_SECONDS}" action="${action.replace(/&/g, '&amp;')}" method="POST">` +
        `<Say voice="Google.en-GB-Standard-A" language="en-GB">${WAKE_UP_LINE} ${PRESS_A_KEY_LINE}</Say><Play>https://fajr.example/a.wav</Play></Gather>` +
        `<Say voice="Google.en-GB-Standard-A" language="en-GB">${NO_KEY_LINE}</Say></Response>`,
    );
    // The webhook's answer: thanks after a key, then hangs up.
    expect(awakeKeyReplyTwiml(true)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Google.en-GB-Standard-A" language="en-GB">${AWAKE_CONFIRMED_LINE}</Say><Hangup/></Response>`,
    );
    expect(awakeKeyReplyTwiml(false)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
  });

  it("a Fajr friend's TwiML greets them by name and their inviter's, and gathers the stop key (9) over the greeting and the adhaan", () => {
    const action = 'https://fajr.example/api/webhooks/twilio/awake?attempt=friend-call%3Af%3A2026-11-23%231';
    const xml = fajrCallTwiml('https://fajr.example/a.wav', action, { firstName: 'Yusuf', inviterName: 'Amina' });
    // The same documented <Gather> attributes as the awake check; nothing said after it (no key is asked of a friend).
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        `<Gather input="dtmf" numDigits="1" finishOnKey="" timeout="${AWAKE_KEY_TIMEOUT_SECONDS}" action="${action}" method="POST">` +
        '<Say voice="Google.en-GB-Standard-A" language="en-GB">Assalamu alaikum Yusuf, Amina asked us to wake you for Fajr. To stop these calls, press 9.</Say>' +
        '<Play>https://fajr.example/a.wav</Play></Gather></Response>',
    );
    expect(emptyMessagingTwiml()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(friendStoppedTwiml()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Google.en-GB-Standard-A" language="en-GB">You will not be called again. Goodbye.</Say><Hangup/></Response>',
    );
  });

  it('reads a signed key press with its attempt key, and refuses an unsigned or malformed one', () => {
    const callbacks = twilioFormatStatusCallbacks('token-0123456789abcdef', 'https://fajr.example');
    const pathAndQuery = '/api/webhooks/twilio/awake?attempt=fajr-call%3Au%3A2026-11-23%231';
    const params = { CallSid: `CA${'2'.repeat(32)}`, Digits: '5' };
    const signature = signCallback('token-0123456789abcdef', `https://fajr.example${pathAndQuery}`, params);
    expect(callbacks.parseAwakeKey({ pathAndQuery, signature, params })).toEqual({
      attemptKey: 'fajr-call:u:2026-11-23#1',
      callSid: params.CallSid,
      digits: '5',
      stopConfirm: false,
      language: 'en',
    });
    expect(() => callbacks.parseAwakeKey({ pathAndQuery, signature, params: { ...params, Digits: '6' } })).toThrow(
      WebhookSignatureError,
    );
    const bad = { CallSid: 'nope', Digits: '5' };
    expect(() =>
      callbacks.parseAwakeKey({
        pathAndQuery,
        signature: signCallback('token-0123456789abcdef', `https://fajr.example${pathAndQuery}`, bad),
        params: bad,
      }),
    ).toThrow(WebhookPayloadError);
  });

  it("a friend's first 9 is asked for again: the second key comes back to the same signed URL, marked as the confirmation", () => {
    const callbacks = twilioFormatStatusCallbacks('token-0123456789abcdef', 'https://fajr.example/');
    const pathAndQuery = '/api/webhooks/twilio/awake?attempt=friend-call%3Af%3A2026-11-23%231';
    const confirm = `${pathAndQuery}&stop=confirm`;
    expect(callbacks.friendStopConfirmReply(pathAndQuery)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        `<Gather input="dtmf" numDigits="1" finishOnKey="" timeout="10" action="https://fajr.example${confirm.replace(/&/g, '&amp;')}" method="POST">` +
        '<Say voice="Google.en-GB-Standard-A" language="en-GB">To stop these calls for good, press 9 again. To keep them, press any other key or hang up.</Say></Gather>' +
        '<Say voice="Google.en-GB-Standard-A" language="en-GB">Your Fajr calls carry on. Goodbye.</Say><Hangup/></Response>',
    );
    const params = { CallSid: `CA${'2'.repeat(32)}`, Digits: '9' };
    const signature = signCallback('token-0123456789abcdef', `https://fajr.example${confirm}`, params);
    expect(callbacks.parseAwakeKey({ pathAndQuery: confirm, signature, params })).toMatchObject({
      attemptKey: 'friend-call:f:2026-11-23#1',
      digits: '9',
      stopConfirm: true,
    });
    expect(callbacks.friendKeptReply()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Google.en-GB-Standard-A" language="en-GB">Your Fajr calls carry on. Goodbye.</Say><Hangup/></Response>',
    );
  });

  it('voicemail and fax count as unanswered; only a human completion is answered', () => {
    expect(outcomeOf({ status: 'completed', answeredBy: 'human' })).toBe('answered');
    expect(outcomeOf({ status: 'completed', answeredBy: null })).toBe('answered');
    expect(outcomeOf({ status: 'completed', answeredBy: 'machine_end_beep' })).toBe('voicemail');
    expect(outcomeOf({ status: 'completed', answeredBy: 'fax' })).toBe('voicemail');
    expect(outcomeOf({ status: 'no-answer', answeredBy: null })).toBe('no-answer');
    expect(outcomeOf({ status: 'busy', answeredBy: null })).toBe('busy');
    expect(outcomeOf({ status: 'ringing', answeredBy: null })).toBe('ringing');
    expect(outcomeOf({ status: 'failed', answeredBy: null })).toBe('failed');
  });

  it('an unanswered attempt that ended within 15 s of ringing reads as a silenced phone; one that rang out, or was answered, does not', () => {
    expect(SILENCED_RING_SECONDS).toBeLessThan(RING_TIMEOUT_SECONDS);
    expect(looksSilenced('busy', 0)).toBe(true);
    expect(looksSilenced('no-answer', 8)).toBe(true);
    expect(looksSilenced('voicemail', 3)).toBe(true);
    expect(looksSilenced('no-answer', RING_TIMEOUT_SECONDS)).toBe(false);
    expect(looksSilenced('voicemail', 25)).toBe(false);
    expect(looksSilenced('busy', null)).toBe(false);
    expect(looksSilenced('answered', 2)).toBe(false);
    expect(looksSilenced('failed', 0)).toBe(false);
  });

  it('signs callbacks exactly as Twilio does and rejects tampering', () => {
    const url = 'https://fajr.example/api/webhooks/twilio/call-status?attempt=fajr-call%3Au%3A2026-01-01%231';
    const params = { CallSid: `CA${'1'.repeat(32)}`, CallStatus: 'completed', CallDuration: '10' };
    const sig = signCallback('token-0123456789abcdef', url, params);
    expect(twilio.validateRequest('token-0123456789abcdef', sig, url, params)).toBe(true);
    expect(verifyCallbackSignature('token-0123456789abcdef', sig, url, params)).toBe(true);
    expect(verifyCallbackSignature('token-0123456789abcdef', sig, url, { ...params, CallDuration: '11' })).toBe(false);
    expect(verifyCallbackSignature('token-0123456789abcdef', sig, url.replace('%231', '%232'), params)).toBe(false);
    expect(verifyCallbackSignature('other-token-0123456789', sig, url, params)).toBe(false);
    expect(verifyCallbackSignature('token-0123456789abcdef', undefined, url, params)).toBe(false);
  });

  it("with tracing on, an attempt's status callback and awake-key URLs carry the placing span's traceparent, read back from the signed request; a changed one fails the signature; off, the URL has none", () => {
    const config = { PUBLIC_BASE_URL: 'https://fajr.example/' };
    expect(attemptStatusCallbackUrl(config, 'fajr-call:u:2026-01-01#1')).toBe(
      'https://fajr.example/api/webhooks/twilio/call-status?attempt=fajr-call%3Au%3A2026-01-01%231',
    );
    expect(awakeKeyUrl(config, 'fajr-call:u:2026-01-01#1')).toBe(
      'https://fajr.example/api/webhooks/twilio/awake?attempt=fajr-call%3Au%3A2026-01-01%231',
    );
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    context.setGlobalContextManager(new AsyncLocalStorageContextManager());
    try {
      const dial = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: TraceFlags.SAMPLED };
      const url = context.with(trace.setSpanContext(ROOT_CONTEXT, dial), () =>
        attemptStatusCallbackUrl(config, 'fajr-call:u:2026-01-01#1'),
      );
      const traceparent = `00-${dial.traceId}-${dial.spanId}-01`;
      expect(url).toBe(
        `https://fajr.example/api/webhooks/twilio/call-status?attempt=fajr-call%3Au%3A2026-01-01%231&traceparent=${traceparent}`,
      );
      const callbacks = twilioFormatStatusCallbacks('token-0123456789abcdef', 'https://fajr.example');
      const params = { CallSid: `CA${'1'.repeat(32)}`, CallStatus: 'completed', CallDuration: '10' };
      const pathAndQuery = url.slice('https://fajr.example'.length);
      const signature = signCallback('token-0123456789abcdef', url, params);
      expect(callbacks.parseStatusCallback({ pathAndQuery, signature, params })).toMatchObject({
        attemptKey: 'fajr-call:u:2026-01-01#1',
        traceparent,
      });
      const forged = pathAndQuery.replace(dial.spanId, 'c'.repeat(16));
      expect(() => callbacks.parseStatusCallback({ pathAndQuery: forged, signature, params })).toThrow(
        WebhookSignatureError,
      );
      // The awake check's key press (the `<Gather>` action) carries it the same way.
      const keyUrl = context.with(trace.setSpanContext(ROOT_CONTEXT, dial), () =>
        awakeKeyUrl(config, 'fajr-call:u:2026-01-01#1'),
      );
      expect(keyUrl).toBe(
        `https://fajr.example/api/webhooks/twilio/awake?attempt=fajr-call%3Au%3A2026-01-01%231&traceparent=${traceparent}`,
      );
      const keyParams = { CallSid: params.CallSid, Digits: '1' };
      const keyPath = keyUrl.slice('https://fajr.example'.length);
      const keySignature = signCallback('token-0123456789abcdef', keyUrl, keyParams);
      expect(
        callbacks.parseAwakeKey({ pathAndQuery: keyPath, signature: keySignature, params: keyParams }),
      ).toMatchObject({ attemptKey: 'fajr-call:u:2026-01-01#1', traceparent, digits: '1' });
      expect(() =>
        callbacks.parseAwakeKey({
          pathAndQuery: keyPath.replace(dial.spanId, 'c'.repeat(16)),
          signature: keySignature,
          params: keyParams,
        }),
      ).toThrow(WebhookSignatureError);
    } finally {
      propagation.disable();
      context.disable();
    }
  });

  it('keeps phone numbers out of provider errors', () => {
    expect(redactNumbers("The 'To' number +44 7700 900123 is not a valid phone number.")).toBe(
      "The 'To' number [number] is not a valid phone number.",
    );
    expect(new TelephonyError('Call to +447700900123 failed (21211)', false).message).toBe(
      'Call to [number] failed (21211)',
    );
  });
});
