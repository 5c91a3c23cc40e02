import {
  hashPassword,
  newPasswordProblem,
  verifyAgainstDummy,
  verifyPassword,
} from '@fajr/activities/domain/passwords';
import { parseUsername, phoneNumberProblem, type Username } from '@fajr/activities/domain/usernames';
import { phoneRefusal } from '@fajr/activities/domain/phone-policy';
import { toUserView, type UserView } from '@fajr/activities/domain/user-view';
import { localiseUserView } from '../i18n/data/user-view';
import { AttestationUnavailableError } from '@fajr/activities/providers';
import { consumeAppChallenge, issueAppChallenge } from '@fajr/activities/repositories/app-challenges.repository';
import { createSession, revokeSession } from '@fajr/activities/repositories/sessions.repository';
import {
  createUser,
  deleteUser,
  findUserByUsername,
  findUserProfile,
  UsernameTakenError,
  type UserProfileRow,
} from '@fajr/activities/repositories/users.repository';
import type { AppAttestationBody } from '../contracts/users.contract';
import type { ApiDeps } from '../deps';
import { BadRequestError, ConflictError, ForbiddenError, ServiceUnavailableError, UnauthorizedError } from '../errors';
import { abandonTrial, notifyPrefsChanged, startTrial, withinDeadline } from '../temporal';

export const INVALID_CREDENTIALS = 'Invalid email/phone number or password';
export const APP_CHALLENGE_INVALID = 'The sign-up challenge has expired or was used already, please try again';
export const APP_NOT_VERIFIED = 'This app could not be verified; please install Fajr from the App Store or Google Play';
export const INVALID_USERNAME =
  'Please enter a valid email address, or a phone number with its country code (for example +44 7400 123456)';

const DAY_MS = 24 * 3600_000;
const TEMPORAL_DEADLINE_MS = 5_000;

/** A username as typed, normalised; a 400 naming the expected forms when it is neither an e-mail nor a phone number. */
export function usernameOrFail(input: string, country?: string): Username {
  const u = parseUsername(input, country);
  if (!u) throw new BadRequestError(INVALID_USERNAME);
  return u;
}

/** A phone number as typed (national ones read in `country`), in E.164; a 400 saying exactly what is wrong otherwise. */
export function phoneOrFail(input: string, country?: string): Extract<Username, { kind: 'phone' }> {
  const problem = phoneNumberProblem(input, country);
  const u = problem ? undefined : parseUsername(input, country);
  if (!u || u.kind !== 'phone') throw new BadRequestError(problem ?? INVALID_USERNAME);
  return u;
}

/** The user view of an account (401 when the account is gone). */
export async function userView(deps: ApiDeps, userId: string): Promise<UserView> {
  const profile = await findUserProfile(deps.db, userId);
  if (!profile) throw new UnauthorizedError();
  return profileView(deps, profile);
}

/** The user view of a profile already loaded (GET current-user loads it with the session). */
export function profileView(deps: Pick<ApiDeps, 'config' | 'now'>, profile: UserProfileRow): UserView {
  return localiseUserView(toUserView(profile, { fajrCallerNumber: deps.config.FAJR_CALLER_NUMBER, now: deps.now() }));
}

async function signedIn(deps: ApiDeps, userId: string) {
  const { token } = await createSession(deps.db, userId, deps.now());
  return { user: await userView(deps, userId), token };
}

/** POST /users/app-challenge: a fresh single-use challenge for the app's attestation (docs/NATIVE-SHELL.md). */
export async function appChallenge(deps: ApiDeps) {
  const { challenge, expiresAt } = await issueAppChallenge(deps.db, deps.now());
  return { challenge, expiresAt: expiresAt.toISOString() };
}

/**
 * Whether an app sign-up proved it comes from our app. No proof: no (the account is a web account,
 * with the trial). A proof that fails is refused outright (403, nothing created): its challenge is
 * used up first, so a proof is tried once, and the app learns to fetch a new challenge rather than
 * silently getting an account that ends with its trial (docs/DECISIONS.md, "App sign-ups").
 */
async function provenApp(deps: ApiDeps, attestation: AppAttestationBody | undefined): Promise<boolean> {
  if (!attestation) return false;
  const { challenge, ...proof } = attestation;
  const now = deps.now();
  if (!(await consumeAppChallenge(deps.db, challenge, now))) throw new ForbiddenError(APP_CHALLENGE_INVALID);
  let verdict;
  try {
    verdict = await deps.providers.attestation.verify(proof, challenge, now);
  } catch (err) {
    if (err instanceof AttestationUnavailableError)
      throw new ServiceUnavailableError('The app could not be verified just now, please try again shortly');
    throw err;
  }
  if (!verdict.ok) {
    // The reason names the failed check, never the proof.
    deps.logger.warn({ platform: proof.platform, reason: verdict.reason }, 'app sign-up: attestation refused');
    throw new ForbiddenError(APP_NOT_VERIFIED);
  }
  return true;
}

/**
 * Creates an account (web sign-ups get the free trial and its workflow), starts the user's call
 * chain and signs them in. The app status (no trial) needs `source=app` and a verified attestation.
 * When Temporal cannot take the workflows the account is removed again, so a retry starts clean.
 */
export async function signup(
  deps: ApiDeps,
  source: 'web' | 'app',
  body: {
    phoneNumber: string;
    password: string;
    country?: string | undefined;
    attestation?: AppAttestationBody | undefined;
  },
) {
  // We call the number a web sign-up gives, so it must be one; the app may still sign up with an e-mail address.
  const username =
    source === 'web' ? phoneOrFail(body.phoneNumber, body.country) : usernameOrFail(body.phoneNumber, body.country);
  // Only numbers we may call and text are taken (docs/SECURITY.md: toll fraud, SMS pumping).
  const refusal = username.kind === 'phone' ? phoneRefusal(username.phoneNumber, deps.config.PHONE_COUNTRIES) : null;
  if (refusal) throw new BadRequestError(refusal);
  const weak = newPasswordProblem(
    body.password,
    username.kind === 'email' ? { email: username.email } : { phoneNumber: username.phoneNumber },
  );
  if (weak) throw new BadRequestError(weak);
  const isAppUser = source === 'app' && (await provenApp(deps, body.attestation));
  const now = deps.now();
  let user;
  try {
    user = await createUser(deps.db, {
      username,
      passwordHash: await hashPassword(body.password),
      isAppUser,
      trialEndsAt: isAppUser ? null : new Date(now.getTime() + deps.config.TRIAL_DAYS * DAY_MS),
      now,
    });
  } catch (err) {
    if (err instanceof UsernameTakenError) {
      throw new ConflictError(
        username.kind === 'email'
          ? 'An account with this email already exists, please sign in'
          : 'An account with this phone number already exists, please sign in',
      );
    }
    throw err;
  }
  let trialStarted = false;
  try {
    // A bounded wait: an unreachable Temporal fails the sign-up within the web client's 15 s.
    await withinDeadline(deps, TEMPORAL_DEADLINE_MS, async () => {
      if (!isAppUser) {
        await startTrial(deps, user.id);
        trialStarted = true;
      }
      await notifyPrefsChanged(deps, user.id);
    });
  } catch (err) {
    deps.logger.error({ err, userId: user.id }, 'sign-up: could not start the user workflows; removing the account');
    if (trialStarted) await abandonTrial(deps, user.id, 'sign-up failed');
    await deleteUser(deps.db, user.id);
    throw new ServiceUnavailableError('The service is temporarily unavailable, please try again shortly');
  }
  deps.logger.info({ userId: user.id, source, isAppUser }, 'account created');
  return signedIn(deps, user.id);
}

/** Signs in with an e-mail or phone number and a password; one answer for every kind of mismatch. */
export async function signin(
  deps: ApiDeps,
  body: { phoneNumber: string; password: string; country?: string | undefined },
) {
  const username = parseUsername(body.phoneNumber, body.country);
  const user = username ? await findUserByUsername(deps.db, username) : undefined;
  // Unknown usernames still pay for one hash, so timing does not tell which accounts exist.
  const ok = user ? await verifyPassword(user.password_hash, body.password) : await verifyAgainstDummy(body.password);
  if (!user || !ok) throw new UnauthorizedError(INVALID_CREDENTIALS);
  return signedIn(deps, user.id);
}

/** Ends the session the request was made with. */
export async function signout(deps: ApiDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.now());
}
