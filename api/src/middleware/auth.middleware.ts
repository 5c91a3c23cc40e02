import type { NextFunction, Request, Response } from 'express';
import { findActiveSession, hashToken } from '@fajr/activities/repositories/sessions.repository';
import { findUserProfileBySession, type UserProfileRow } from '@fajr/activities/repositories/users.repository';
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
  }
}

function bearer(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Rejects a request without a live session token (401); sets `req.auth` otherwise. */
export function requireAuth(deps: Pick<ApiDeps, 'db' | 'now'>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearer(req);
    if (!token) throw new UnauthorizedError('Please sign in');
    const session = await findActiveSession(deps.db, token, deps.now());
    if (!session) throw new UnauthorizedError();
    req.auth = { ...session, token };
    next();
  };
}

/**
 * requireAuth that also loads the user's profile (`req.profile`) in the same query, for routes that
 * answer with it: one database round trip instead of two on the most frequent authenticated read.
 */
export function requireAuthWithProfile(deps: Pick<ApiDeps, 'db' | 'now'>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearer(req);
    if (!token) throw new UnauthorizedError('Please sign in');
    const row = await findUserProfileBySession(deps.db, hashToken(token), deps.now());
    if (!row) throw new UnauthorizedError();
    const { session_id: sessionId, ...profile } = row;
    req.auth = { sessionId, userId: profile.id, token };
    req.profile = profile;
    next();
  };
}

/** Sets `req.auth` when a valid token is present; lets anonymous requests through. */
export function optionalAuth(deps: Pick<ApiDeps, 'db' | 'now'>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearer(req);
    const session = token ? await findActiveSession(deps.db, token, deps.now()) : undefined;
    if (session && token) req.auth = { ...session, token };
    next();
  };
}

/** The signed-in user's id (only after requireAuth). */
export function userIdOf(req: Request): string {
  if (!req.auth) throw new UnauthorizedError();
  return req.auth.userId;
}
