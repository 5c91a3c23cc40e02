import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';

/** A sign-in name: a lower-cased e-mail address or a phone number in E.164 form. */
export type Username = { kind: 'email'; email: string } | { kind: 'phone'; phoneNumber: string; countryCode: string | null };

const emailSchema = z.email();

/**
 * Reads what a person typed into the one "Email or Phone Number" field. Anything with an '@' is an
 * e-mail; everything else must be an international phone number (with its country prefix, + or 00).
 * Returns undefined when it is neither.
 */
export function parseUsername(input: string): Username | undefined {
  const text = input.trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return emailSchema.safeParse(email).success ? { kind: 'email', email } : undefined;
  }
  const phone = parsePhone(text);
  return phone ? { kind: 'phone', ...phone } : undefined;
}

/** An international phone number normalised to E.164, or undefined when it is not a valid number. */
export function parsePhone(input: string): { phoneNumber: string; countryCode: string | null } | undefined {
  let text = input.trim().replace(/[\s().-]/g, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (!/^\+\d{6,16}$/.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text);
  if (!parsed || !parsed.isValid()) return undefined;
  return { phoneNumber: parsed.number, countryCode: parsed.country ?? null };
}

/** The stable key of a username for rate limits: normalised when it parses, else trimmed and lower-cased. */
export function usernameKey(input: unknown): string | undefined {
  if (typeof input !== 'string' || !input.trim()) return undefined;
  const u = parseUsername(input);
  if (!u) return input.trim().toLowerCase().slice(0, 254);
  return u.kind === 'email' ? u.email : u.phoneNumber;
}
