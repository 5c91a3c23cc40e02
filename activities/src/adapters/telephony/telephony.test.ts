import twilio from 'twilio';
import { absoluteAudioUrl, fajrCallTwiml } from './twilio';
import { signCallback, verifyCallbackSignature } from './signature';
import { looksSilenced, outcomeOf, redactNumbers, RING_TIMEOUT_SECONDS, SILENCED_RING_SECONDS, TelephonyError, WAKE_UP_LINE } from './types';

describe('telephony helpers', () => {
  it('TwiML says the wake-up line, then plays the adhaan', () => {
    const xml = fajrCallTwiml('https://fajr.example/api/media/adhaans/default.wav');
    expect(xml).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="alice" language="en-GB">${WAKE_UP_LINE}</Say><Play>https://fajr.example/api/media/adhaans/default.wav</Play></Response>`,
    );
    expect(absoluteAudioUrl('https://fajr.example/', '/api/media/a.wav')).toBe('https://fajr.example/api/media/a.wav');
    expect(absoluteAudioUrl('https://fajr.example', 'https://cdn.example/a.mp3')).toBe('https://cdn.example/a.mp3');
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

  it('keeps phone numbers out of provider errors', () => {
    expect(redactNumbers("The 'To' number +44 7700 900123 is not a valid phone number.")).toBe("The 'To' number [number] is not a valid phone number.");
    expect(new TelephonyError('Call to +447700900123 failed (21211)', false).message).toBe('Call to [number] failed (21211)');
  });
});
