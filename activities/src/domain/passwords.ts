import { hash, verify } from '@node-rs/argon2';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

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

export const COMMON_PASSWORD =
  'This password is too common and easy to guess, please choose another (a few unrelated words work well)';

// zxcvbn-ts's list of common passwords (~49,000, from leaked-password corpora), loaded on first use.
let common: Set<string> | undefined;

export const FEW_CHARACTERS = 'Please use at least 4 different characters in your password';
export const SEQUENCE =
  'This password is a run of consecutive letters or digits (like abcdefgh), please choose another';
export const CONTAINS_FAJR = 'Your password must not contain the word Fajr, please choose another';
export const CONTAINS_PHONE = 'Your password must not contain your phone number, please choose another';
export const CONTAINS_EMAIL = 'Your password must not contain your email address or its name, please choose another';

/** What a password must not contain: the account's own username (NIST SP 800-63B: context-specific words). */
export interface PasswordContext {
  email?: string | null;
  phoneNumber?: string | null;
}

/** Whether every character is the one before it plus (or minus) one: abcdefgh, 98765432. */
function isSequence(password: string): boolean {
  const step = password.charCodeAt(1) - password.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < password.length; i++)
    if (password.charCodeAt(i) - password.charCodeAt(i - 1) !== step) return false;
  return true;
}

/** Whether the password's digits, however spaced or prefixed, hold the number (its national significant digits). */
function containsPhone(password: string, e164: string): boolean {
  const national = parsePhoneNumberFromString(e164)?.nationalNumber ?? e164.replace(/\D/g, '');
  return password.replace(/\D/g, '').includes(national);
}

/**
 * Why a new password may not be used (NIST SP 800-63B 3.1.1.2: refuse values from lists of commonly
 * used or breached passwords, repetitive or sequential characters, and context-specific words: the
 * service's name and the account's own e-mail or phone number in any format), or null. The length
 * rule (8 to 128) is in the contract.
 */
export function newPasswordProblem(password: string, context: PasswordContext = {}): string | null {
  if (new Set(password).size < 4) return FEW_CHARACTERS;
  const lower = password.toLowerCase();
  if (isCommon(password, lower)) return COMMON_PASSWORD;
  if (isSequence(password)) return SEQUENCE;
  if (lower.includes('fajr')) return CONTAINS_FAJR;
  if (context.phoneNumber && containsPhone(password, context.phoneNumber)) return CONTAINS_PHONE;
  if (context.email) {
    const name = context.email.split('@')[0]!;
    if (lower.includes(context.email) || (name.length >= 4 && lower.includes(name))) return CONTAINS_EMAIL;
  }
  return null;
}

function isCommon(password: string, lower: string): boolean {
  if (!common) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a 49k-entry list, loaded only when a password is chosen
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    common = new Set(dictionary['passwords-common']);
  }
  return common.has(lower) || common.has(password);
}
