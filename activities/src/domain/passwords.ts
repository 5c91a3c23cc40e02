import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Checks a password against a stored argon2 hash (false for a malformed hash rather than throwing). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash of a random string, checked when the username is unknown so that sign-in takes the
// same time whether or not the account exists.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}

export const COMMON_PASSWORD = 'This password is too common and easy to guess, please choose another (a few unrelated words work well)';

// zxcvbn-ts's list of common passwords (~49,000, from leaked-password corpora), loaded on first use.
let common: Set<string> | undefined;

/**
 * Why a new password may not be used (NIST SP 800-63B 3.1.1.2: refuse values from lists of commonly
 * used or breached passwords), or null. The length rule (8 to 128) is in the contract.
 */
export function newPasswordProblem(password: string): string | null {
  if (!common) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a 49k-entry list, loaded only when a password is chosen
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    common = new Set(dictionary['passwords-common']);
  }
  return common.has(password.toLowerCase()) || common.has(password) ? COMMON_PASSWORD : null;
}
