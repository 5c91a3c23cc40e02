import type { NextFunction, Request, Response } from 'express';
import { findActiveSession } from '@fajr/activities/repositories/sessions.repository';
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
