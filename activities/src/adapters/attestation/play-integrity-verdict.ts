import type { playintegrity_v1 } from '@googleapis/playintegrity';
import type { AttestationVerdict } from './types';

/** The decoded integrity token (Google's `tokenPayloadExternal`). */
export type IntegrityPayload = playintegrity_v1.Schema$TokenPayloadExternal;

/** How old an integrity token may be when it reaches us (the challenge's own life is shorter still). */
export const INTEGRITY_TOKEN_MAX_AGE_MS = 10 * 60_000;

/**
 * The checks Google asks a server to make on a decoded Play Integrity verdict: the request was for
 * this challenge (classic `nonce` or standard `requestHash`) and our package, recently; the binary is
 * the one Play distributes (PLAY_RECOGNIZED, our package); the device passes device integrity; and
 * the answer is not a tester's static override. Shared by the real adapter and the local one.
 */
export function checkIntegrityVerdict(
  payload: IntegrityPayload,
  expect: { packageName: string; challenge: string; now: Date },
): AttestationVerdict {
  const refuse = (reason: string): AttestationVerdict => ({ ok: false, reason });
  const req = payload.requestDetails;
  if (!req) return refuse('no requestDetails');
  if (req.nonce !== expect.challenge && req.requestHash !== expect.challenge)
    return refuse('nonce / requestHash is not the challenge');
  if (req.requestPackageName !== expect.packageName) return refuse('requested for another package');
  const at = Number(req.timestampMillis);
  const age = expect.now.getTime() - at;
  if (!Number.isFinite(at) || age > INTEGRITY_TOKEN_MAX_AGE_MS || age < -60_000)
    return refuse('token too old or from the future');
  const app = payload.appIntegrity;
  if (app?.appRecognitionVerdict !== 'PLAY_RECOGNIZED')
    return refuse(`app not recognised (${app?.appRecognitionVerdict ?? 'none'})`);
  if (app.packageName !== expect.packageName) return refuse('app is another package');
  const device = payload.deviceIntegrity?.deviceRecognitionVerdict ?? [];
  if (!device.includes('MEETS_DEVICE_INTEGRITY') && !device.includes('MEETS_STRONG_INTEGRITY'))
    return refuse('device fails device integrity');
  if (payload.testingDetails?.isTestingResponse) return refuse('a testing response');
  return { ok: true, platform: 'android' };
}
