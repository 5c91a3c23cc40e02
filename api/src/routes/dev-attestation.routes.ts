import { Router } from 'express';
import { z } from 'zod';
import type { LocalAttestationConsole } from '@fajr/activities/providers';
import { parse } from '../middleware/validate';

const attestBody = z
  .object({
    challenge: z.string({ error: 'Please give the challenge from POST /users/app-challenge' }).min(1).max(128),
    platform: z.enum(['ios', 'android'], { error: 'The platform must be ios or android' }).default('ios'),
  })
  .strict();

/**
 * POST /dev/app-attestation {challenge, platform}: the app's side of local attestation. A development
 * build (a simulator cannot attest) or a test asks it for the proof to send with
 * `POST /users/signup?source=app`, in the platform's format, signed with the development key. Mounted
 * only in development with ATTESTATION_PROVIDER=local; absent (404) otherwise.
 */
export function devAttestationRoutes(local: LocalAttestationConsole): Router {
  const router = Router();
  router.post('/dev/app-attestation', async (req, res) => {
    const { challenge, platform } = parse(attestBody, req.body);
    res.json({ result: { attestation: { challenge, ...(await local.attest(challenge, platform)) } } });
  });
  return router;
}
