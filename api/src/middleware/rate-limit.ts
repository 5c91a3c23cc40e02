import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { usernameKey } from '@fajr/activities/domain/usernames';
import type { ApiConfig } from '../config';
import { TooManyRequestsError } from '../errors';

interface Limit {
  windowMs: number;
  limit: number;
  message: string;
  /** Count only failed requests (sign-in: a person who types the right password is never held back). */
  failuresOnly?: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const tooManyFromNetwork = (what: string, minutes: number) =>
  `Too many ${what} from your network, please try again in ${minutes} minutes`;

/**
 * The abuse limits, per IP and per account (the username typed, or the signed-in user). Per account
 * is below per IP so one targeted account is protected before a whole network is held back.
 */
export const RATE_LIMITS = {
  signin: {
    ip: { windowMs: 15 * MINUTE, limit: 30, message: tooManyFromNetwork('sign-in attempts', 15) },
    account: { windowMs: 15 * MINUTE, limit: 10, failuresOnly: true, message: 'Too many failed sign-in attempts for this account, please try again in 15 minutes' },
  },
  signup: {
    ip: { windowMs: HOUR, limit: 10, message: tooManyFromNetwork('sign-ups', 60) },
    account: { windowMs: HOUR, limit: 5, message: 'Too many sign-up attempts for this email or phone number, please try again later' },
  },
  forgetPassword: {
    ip: { windowMs: HOUR, limit: 20, message: tooManyFromNetwork('password reset requests', 60) },
    // The resend cooldown, applied to every username alike so the answer never tells whether an account exists.
    account: { windowMs: MINUTE, limit: 1, message: 'A reset code was just requested, please wait a minute before asking again' },
  },
  sendVerification: {
    ip: { windowMs: HOUR, limit: 20, message: tooManyFromNetwork('code requests', 60) },
    account: { windowMs: HOUR, limit: 5, message: 'Too many verification codes requested, please try again in an hour' },
  },
  codeCheck: {
    ip: { windowMs: 15 * MINUTE, limit: 30, message: tooManyFromNetwork('code attempts', 15) },
    account: { windowMs: 15 * MINUTE, limit: 10, message: 'Too many code attempts, please try again in 15 minutes' },
  },
  validatePhone: {
    ip: { windowMs: 15 * MINUTE, limit: 60, message: tooManyFromNetwork('requests', 15) },
  },
  // A chat is many short messages, so more than the public forms' 30 an hour; still no flood.
  supportChat: {
    ip: { windowMs: HOUR, limit: 120, message: tooManyFromNetwork('chat messages', 60) },
    account: { windowMs: 10 * MINUTE, limit: 20, message: 'You are sending messages too quickly, please wait a few minutes' },
  },
} satisfies Record<string, { ip: Limit; account?: Limit }>;

type Keyed = 'username' | 'user';

/** The username a body names (a national number read in the body's country), for per-username limits. */
function usernameKeyOf(body: unknown): string | undefined {
  const b = body as { phoneNumber?: unknown; country?: unknown } | undefined;
  return usernameKey(b?.phoneNumber, b?.country);
}

function limiter(l: Limit, key: 'ip' | Keyed): RequestHandler {
  return rateLimit({
    windowMs: l.windowMs,
    limit: l.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: l.failuresOnly ?? false,
    keyGenerator: (req) => {
      if (key === 'ip') return ipKeyGenerator(req.ip ?? 'unknown');
      if (key === 'user') return `user:${req.auth?.userId}`;
      return `username:${usernameKeyOf(req.body)}`;
    },
    // Without a username the request fails validation anyway; the per-IP limit still counts it.
    skip: (req) => (key === 'user' ? !req.auth : key === 'username' ? !usernameKeyOf(req.body) : false),
    handler: (req: Request, res: Response, next: NextFunction) => {
      const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      if (reset) res.setHeader('Retry-After', Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)));
      next(new TooManyRequestsError(l.message));
    },
  });
}

const pass: RequestHandler = (_req, _res, next) => next();

/**
 * The limiters of one app instance (in-memory counters: one API process; several processes would
 * share a store such as Redis). Limiters keyed by user go after requireAuth. RATE_LIMITS=off turns
 * them into no-ops for tests that must not be throttled.
 */
export function createRateLimits(config: Pick<ApiConfig, 'RATE_LIMITS'>) {
  const on = config.RATE_LIMITS === 'on';
  const chain = (l: { ip: Limit; account?: Limit }, key: Keyed): RequestHandler[] =>
    on ? [limiter(l.ip, 'ip'), ...(l.account ? [limiter(l.account, key)] : [])] : [pass];
  return {
    signin: chain(RATE_LIMITS.signin, 'username'),
    signup: chain(RATE_LIMITS.signup, 'username'),
    forgetPassword: chain(RATE_LIMITS.forgetPassword, 'username'),
    resetCode: chain(RATE_LIMITS.codeCheck, 'username'),
    sendVerification: chain(RATE_LIMITS.sendVerification, 'user'),
    verifyCode: chain(RATE_LIMITS.codeCheck, 'user'),
    // Account deletion asks for the password: as guessable as sign-in, so limited like it.
    goodbye: chain(RATE_LIMITS.signin, 'user'),
    validatePhone: chain(RATE_LIMITS.validatePhone, 'user'),
    supportMessage: chain(RATE_LIMITS.supportChat, 'user'),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
