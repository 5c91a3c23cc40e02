import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** How long a sign-up challenge may be used after it is issued. */
export const APP_CHALLENGE_TTL_MS = 5 * 60_000;

function hashOf(challenge: string): string {
  return createHash('sha256').update(challenge).digest('hex');
}

/** Issues a fresh challenge (256 random bits, base64url) for the app's attestation; only its hash is stored. */
export async function issueAppChallenge(db: Knex, now: Date): Promise<{ challenge: string; expiresAt: Date }> {
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + APP_CHALLENGE_TTL_MS);
  // Sweep the void ones as we go, so the table stays as small as the issue rate allows.
  await db('app_challenges').where('expires_at', '<=', now).delete();
  await db('app_challenges').insert({ challenge_hash: hashOf(challenge), created_at: now, expires_at: expiresAt });
  return { challenge, expiresAt };
}

/**
 * Uses up a challenge: true when it was issued and had not expired. The row is deleted either way, in
 * one statement, so two requests with the same challenge (on any process) cannot both have it.
 */
export async function consumeAppChallenge(db: Knex, challenge: string, now: Date): Promise<boolean> {
  const rows = await db('app_challenges')
    .where({ challenge_hash: hashOf(challenge) })
    .delete()
    .returning('expires_at');
  const row = rows[0] as { expires_at: Date } | undefined;
  return row !== undefined && new Date(row.expires_at).getTime() > now.getTime();
}
