import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { slowDown } from 'express-slow-down';
import { usernameKey } from '@fajr/activities/domain/usernames';
import type { ApiDeps } from '../deps';
import { TooManyRequestsError } from '../errors';
import { countRateLimitRefusal } from './metrics';
import { PostgresRateLimitStore } from './rate-limit-store';

interface Limit {
  windowMs: number;
  limit: number;
  message: string;
  /** Count only failed requests (sign-in: a person who types the right password is never held back). */
  failuresOnly?: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The progressive delay on one account's failed sign-ins, whatever the network: after 5 failures in
 * 15 minutes each attempt waits 250 ms more, up to 5 s. It slows a spread-out guesser without
 * ever refusing the owner.
 */
export const SIGNIN_SLOW_DOWN = { windowMs: 15 * MINUTE, delayAfter: 5, stepMs: 250, maxDelayMs: 5_000 };

const tooManyFromNetwork = (what: string, minutes: number) =>
  `Too many ${what} from your network, please try again in ${minutes} minutes`;

/**
 * The abuse limits, per IP and per account (the username typed, or the signed-in user). Per account
 * is below per IP so one targeted account is protected before a whole network is held back.
 */
export const RATE_LIMITS = {
  // Sign-in guessing is held per account *and network* (a stranger elsewhere cannot lock the owner
  // out), slowed per account across networks, and capped per account and network per day.
  signin: {
    ip: { windowMs: 15 * MINUTE, limit: 30, message: tooManyFromNetwork('sign-in attempts', 15) },
    account: {
      windowMs: 15 * MINUTE,
      limit: 10,
      failuresOnly: true,
      message: 'Too many failed sign-in attempts for this account from your network, please try again in 15 minutes',
    },
    daily: {
      windowMs: DAY,
      limit: 30,
      failuresOnly: true,
      message:
        'Too many failed sign-in attempts for this account from your network today, please try again tomorrow or reset your password',
    },
  },
  // Deleting the account asks for the password of a session already held: limited per user like sign-in was.
  goodbye: {
    ip: { windowMs: 15 * MINUTE, limit: 30, message: tooManyFromNetwork('attempts', 15) },
    account: {
      windowMs: 15 * MINUTE,
      limit: 10,
      failuresOnly: true,
      message: 'Too many wrong passwords, please try again in 15 minutes',
    },
  },
  signup: {
    ip: { windowMs: HOUR, limit: 10, message: tooManyFromNetwork('sign-ups', 60) },
    account: {
      windowMs: HOUR,
      limit: 5,
      message: 'Too many sign-up attempts for this email or phone number, please try again later',
    },
  },
  forgetPassword: {
    ip: { windowMs: HOUR, limit: 20, message: tooManyFromNetwork('password reset requests', 60) },
    // The resend cooldown, applied to every username alike so the answer never tells whether an account exists.
    account: {
      windowMs: MINUTE,
      limit: 1,
      message: 'A reset code was just requested, please wait a minute before asking again',
    },
  },
  sendVerification: {
    ip: { windowMs: HOUR, limit: 20, message: tooManyFromNetwork('code requests', 60) },
    account: {
      windowMs: HOUR,
      limit: 5,
      message: 'Too many verification codes requested, please try again in an hour',
    },
  },
  codeCheck: {
    ip: { windowMs: 15 * MINUTE, limit: 30, message: tooManyFromNetwork('code attempts', 15) },
    account: { windowMs: 15 * MINUTE, limit: 10, message: 'Too many code attempts, please try again in 15 minutes' },
  },
  validatePhone: {
    ip: { windowMs: 15 * MINUTE, limit: 60, message: tooManyFromNetwork('requests', 15) },
  },
  // Challenges for app sign-ups: a few per sign-up (retries), more than the sign-up limit, still bounded.
  appChallenge: {
    ip: { windowMs: HOUR, limit: 30, message: tooManyFromNetwork('sign-up challenges', 60) },
  },
  // The app hands over a purchase once after buying (a few retries); each hand-over asks the store's API.
  storePurchase: {
    ip: { windowMs: HOUR, limit: 60, message: tooManyFromNetwork('purchase hand-overs', 60) },
    account: { windowMs: HOUR, limit: 20, message: 'Too many purchase hand-overs, please try again in an hour' },
  },
  // A friend's consent page (no account): the code has 5 tries per invitation; this bounds a network.
  friendConsent: {
    ip: { windowMs: 15 * MINUTE, limit: 30, message: tooManyFromNetwork('attempts', 15) },
  },
  // A chat is many short messages, so more than the public forms' 30 an hour; still no flood.
  supportChat: {
    ip: { windowMs: HOUR, limit: 120, message: tooManyFromNetwork('chat messages', 60) },
    account: {
      windowMs: 10 * MINUTE,
      limit: 20,
      message: 'You are sending messages too quickly, please wait a few minutes',
    },
  },
  mosqueAdmin: {
    ip: { windowMs: HOUR, limit: 20, message: tooManyFromNetwork('mosque registrations and claims', 60) },
    account: {
      windowMs: DAY,
      limit: 5,
      message: 'Too many mosque registrations and claims today, please try again tomorrow',
    },
  },
} satisfies Record<string, { ip: Limit; account?: Limit; daily?: Limit }>;

type Keyed = 'username' | 'user' | 'username-network';

/** The username a body names (a national number read in the body's country), for per-username limits. */
function usernameKeyOf(body: unknown): string | undefined {
  const b = body as { phoneNumber?: unknown; country?: unknown } | undefined;
  return usernameKey(b?.phoneNumber, b?.country);
}

function limiter(
  l: Limit,
  key: 'ip' | Keyed,
  store: Store,
  name: string,
  per: 'ip' | 'account' | 'daily',
): RequestHandler {
  return rateLimit({
    windowMs: l.windowMs,
    limit: l.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store,
    skipSuccessfulRequests: l.failuresOnly ?? false,
    keyGenerator: (req) => {
      if (key === 'ip') return ipKeyGenerator(req.ip ?? 'unknown');
      if (key === 'user') return `user:${req.auth?.userId}`;
      const username = `username:${usernameKeyOf(req.body)}`;
      return key === 'username-network' ? `${username}|net:${ipKeyGenerator(req.ip ?? 'unknown')}` : username;
    },
    // Without a username the request fails validation anyway; the per-IP limit still counts it.
    skip: (req) => (key === 'ip' ? false : key === 'user' ? !req.auth : !usernameKeyOf(req.body)),
    handler: (req: Request, res: Response, next: NextFunction) => {
      const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      countRateLimitRefusal(name, per);
      if (reset) res.setHeader('Retry-After', Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)));
      next(new TooManyRequestsError(l.message));
    },
  });
}

const pass: RequestHandler = (_req, _res, next) => next();

/** The sign-in slow-down (express-slow-down on the same shared store), keyed by the account alone. */
function signinSlowDown(store: Store): RequestHandler {
  const s = SIGNIN_SLOW_DOWN;
  return slowDown({
    windowMs: s.windowMs,
    delayAfter: s.delayAfter,
    delayMs: (used) => (used - s.delayAfter) * s.stepMs,
    maxDelayMs: s.maxDelayMs,
    skipSuccessfulRequests: true,
    store,
    keyGenerator: (req) => `username:${usernameKeyOf(req.body)}`,
    skip: (req) => !usernameKeyOf(req.body),
  });
}

const CHAINS = {
  signin: [RATE_LIMITS.signin, 'username-network'],
  signup: [RATE_LIMITS.signup, 'username'],
  forgetPassword: [RATE_LIMITS.forgetPassword, 'username'],
  resetCode: [RATE_LIMITS.codeCheck, 'username'],
  sendVerification: [RATE_LIMITS.sendVerification, 'user'],
  verifyCode: [RATE_LIMITS.codeCheck, 'user'],
  goodbye: [RATE_LIMITS.goodbye, 'user'],
  validatePhone: [RATE_LIMITS.validatePhone, 'user'],
  appChallenge: [RATE_LIMITS.appChallenge, 'user'],
  supportMessage: [RATE_LIMITS.supportChat, 'user'],
  storePurchase: [RATE_LIMITS.storePurchase, 'user'],
  friendConsent: [RATE_LIMITS.friendConsent, 'user'],
  mosqueAdmin: [RATE_LIMITS.mosqueAdmin, 'user'],
} as const satisfies Record<string, readonly [{ ip: Limit; account?: Limit; daily?: Limit }, Keyed]>;

export type RateLimits = Record<keyof typeof CHAINS, RequestHandler[]>;

const perApp = new WeakMap<object, RateLimits>();

/**
 * The limiters of one app, their counters in Postgres (shared by every API process: two processes
 * do not double a limit). Made once per app (the routers share them) and only for the chains a
 * router asks for. Limiters keyed by user go after requireAuth. RATE_LIMITS=off turns them into
 * no-ops for tests that must not be throttled.
 */
export function createRateLimits(deps: Pick<ApiDeps, 'config' | 'db'>): RateLimits {
  const known = perApp.get(deps);
  if (known) return known;
  const on = deps.config.RATE_LIMITS === 'on';
  const store = (prefix: string) => new PostgresRateLimitStore(deps.db, prefix);
  const limits = {} as RateLimits;
  for (const [name, [l, key]] of Object.entries(CHAINS) as [
    keyof typeof CHAINS,
    (typeof CHAINS)[keyof typeof CHAINS],
  ][]) {
    let chain: RequestHandler[] | undefined;
    Object.defineProperty(limits, name, {
      enumerable: true,
      get: () =>
        (chain ??= on
          ? [
              limiter(l.ip, 'ip', store(`${name}:ip`), name, 'ip'),
              ...('account' in l ? [limiter(l.account, key, store(`${name}:account`), name, 'account')] : []),
              ...('daily' in l ? [limiter(l.daily, key, store(`${name}:daily`), name, 'daily')] : []),
              ...(name === 'signin' ? [signinSlowDown(store('signin:slow'))] : []),
            ]
          : [pass]),
    });
  }
  perApp.set(deps, limits);
  return limits;
}
