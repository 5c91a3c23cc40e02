import { createHash, randomBytes } from 'node:crypto';
import { preparedQuery, type Knex } from './db';

export const SESSION_TTL_DAYS = 30;

/** SHA-256 of a bearer token: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session for a user and returns its bearer token (256 random bits; only its hash is stored). */
export async function createSession(
  db: Knex,
  userId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_DAYS * 24 * 3600_000);
  await db('sessions').insert({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: expiresAt,
    created_at: now,
  });
  return { token, expiresAt };
}

/** The live session a bearer token belongs to, if any. */
export async function findActiveSession(
  db: Knex,
  token: string,
  now = new Date(),
): Promise<{ sessionId: string; userId: string } | undefined> {
  const [row] = await activeSessionQuery(db, hashToken(token), now);
  return row ? { sessionId: row.id, userId: row.user_id } : undefined;
}

const activeSessionQuery = preparedQuery<[tokenHash: string, now: Date], { id: string; user_id: string }>(
  (db, tokenHash, now) =>
    db('sessions')
      .select('id', 'user_id')
      .where({ token_hash: tokenHash })
      .whereNull('revoked_at')
      .where('expires_at', '>', now)
      .limit(1),
);

/** Joins to a query over users `u` the live (not revoked, not expired) session whose token hashes to `tokenHash`, as `s`. */
export function joinLiveSession<Q extends Knex.QueryBuilder>(q: Q, tokenHash: string, now: Date): Q {
  return q
    .join('sessions as s', 's.user_id', 'u.id')
    .where('s.token_hash', tokenHash)
    .whereNull('s.revoked_at')
    .where('s.expires_at', '>', now) as Q;
}

export async function revokeSession(db: Knex, sessionId: string, now = new Date()): Promise<void> {
  await db('sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: now });
}

/** Ends every session of a user (password reset, account deletion). */
export async function revokeUserSessions(db: Knex, userId: string, now = new Date()): Promise<void> {
  await db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: now });
}
