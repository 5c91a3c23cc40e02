import type { NextFunction, Request, Response } from 'express';
import { findActiveSession, hashToken } from '@fajr/activities/repositories/sessions.repository';
import { findUserProfileBySession, type UserProfileRow } from '@fajr/activities/repositories/users.repository';
import { loadCallPlanSourceBySession, type CallPlanSource } from '@fajr/activities/repositories/call-plans.repository';
import type { ApiDeps } from '../deps';
import { UnauthorizedError } from '../errors';

export interface AuthContext {
  userId: string;
  sessionId: string;
  token: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
    /** The signed-in user's profile (only after requireAuthWithProfile). */
    profile?: UserProfileRow;
    /** The signed-in user's call planning inputs (only after requireAuthWithPlanSource). */
    planSource?: CallPlanSource;
  }
}

function bearer(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Answers that carry a person's data or a session token: no browser, proxy or CDN may keep them. */
export const noStore = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** Rejects a request without a live session token (401); sets `req.auth` otherwise. Every authenticated answer is no-store. */
export function requireAuth(deps: Pick<ApiDeps, 'db' | 'now'>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearer(req);
    if (!token) throw new UnauthorizedError('Please sign in');
    const session = await findActiveSession(deps.db, token, deps.now());
    if (!session) throw new UnauthorizedError();
    req.auth = { ...session, token };
    noStore(req, res, next);
  };
}

/** What a session token leads to, loaded in the same query as the session itself. */
type SessionLoad<T> = (
  db: ApiDeps['db'],
  tokenHash: string,
  now: Date,
) => Promise<{ sessionId: string; userId: string; value: T } | undefined>;

/** requireAuth for a route that answers from data of the signed-in user: one round trip instead of two. */
function requireAuthLoading<T>(
  deps: Pick<ApiDeps, 'db' | 'now'>,
  load: SessionLoad<T>,
  keep: (req: Request, value: T) => void,
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearer(req);
    if (!token) throw new UnauthorizedError('Please sign in');
    const found = await load(deps.db, hashToken(token), deps.now());
    if (!found) throw new UnauthorizedError();
    req.auth = { sessionId: found.sessionId, userId: found.userId, token };
    keep(req, found.value);
    noStore(req, res, next);
  };
}

/** requireAuth that also sets `req.profile` (GET current-user, the most frequent authenticated read). */
export function requireAuthWithProfile(deps: Pick<ApiDeps, 'db' | 'now'>) {
  return requireAuthLoading(
    deps,
    async (db, tokenHash, now) => {
      const row = await findUserProfileBySession(db, tokenHash, now);
      if (!row) return undefined;
      const { session_id: sessionId, ...profile } = row;
      return { sessionId, userId: profile.id, value: profile };
    },
    (req, profile) => {
      req.profile = profile;
    },
  );
}

/** requireAuth that also sets `req.planSource`, the user's call planning inputs (the schedule reads). */
export function requireAuthWithPlanSource(deps: Pick<ApiDeps, 'db' | 'now'>) {
  return requireAuthLoading(
    deps,
    async (db, tokenHash, now) => {
      const found = await loadCallPlanSourceBySession(db, tokenHash, now);
      return found && { sessionId: found.sessionId, userId: found.src.userId, value: found.src };
    },
    (req, src) => {
      req.planSource = src;
    },
  );
}

/** Sets `req.auth` when a valid token is present; lets anonymous requests through. */
export function optionalAuth(deps: Pick<ApiDeps, 'db' | 'now'>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearer(req);
    const session = token ? await findActiveSession(deps.db, token, deps.now()) : undefined;
    if (session && token) req.auth = { ...session, token };
    if (req.auth) noStore(req, res, next);
    else next();
  };
}

/** The signed-in user's id (only after requireAuth). */
export function userIdOf(req: Request): string {
  if (!req.auth) throw new UnauthorizedError();
  return req.auth.userId;
}
