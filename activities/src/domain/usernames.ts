import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js';
import { z } from 'zod';

/** A sign-in name: a lower-cased e-mail address or a phone number in E.164 form. */
export type Username =
  { kind: 'email'; email: string } | { kind: 'phone'; phoneNumber: string; countryCode: string | null };

const emailSchema = z.email();

/**
 * Reads what a person typed into the one "Email or Phone Number" field. Anything with an '@' is an
 * e-mail; everything else must be a phone number: international (with its country prefix, + or 00),
 * or national (`07400 123456`) when `country` (ISO 3166 alpha-2) says where it is from.
 * Returns undefined when it is neither.
 */
export function parseUsername(input: string, country?: string | null): Username | undefined {
  const text = input.trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return emailSchema.safeParse(email).success ? { kind: 'email', email } : undefined;
  }
  const phone = parsePhone(text, country);
  return phone ? { kind: 'phone', ...phone } : undefined;
}

/** The country a national number is read in, when it is one libphonenumber knows. */
function countryOf(country: string | null | undefined): CountryCode | undefined {
  const code = country?.trim().toUpperCase();
  return code && isSupportedCountry(code) ? code : undefined;
}

/** Digits with their usual separators, an optional leading + or 00: what a phone number may be written as. */
function phoneText(input: string): string | undefined {
  let text = input.trim().replace(/[\s().-]/g, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  return /^\+?\d{3,17}$/.test(text) ? text : undefined;
}

/**
 * A phone number normalised to E.164, or undefined when it is not a valid number. International
 * numbers (+ or 00) need no country; national ones are read in `country`.
 */
export function parsePhone(
  input: string,
  country?: string | null,
): { phoneNumber: string; countryCode: string | null } | undefined {
  const text = phoneText(input);
  if (!text) return undefined;
  const national = countryOf(country);
  if (!text.startsWith('+') && !national) return undefined;
  const parsed = parsePhoneNumberFromString(text, national);
  if (!parsed || !parsed.isValid()) return undefined;
  return { phoneNumber: parsed.number, countryCode: parsed.country ?? null };
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's name in English ('United Kingdom' for GB). */
export function countryName(code: string): string {
  return regionNames.of(code) ?? code;
}

/**
 * What is wrong with a phone number as typed, in a sentence for the person who typed it, or
 * undefined when it is a valid number. `country` is where a national number is read.
 */
export function phoneNumberProblem(input: string, country?: string | null): string | undefined {
  if (!input.trim()) return 'Please enter your phone number';
  if (input.includes('@')) return 'Please enter a phone number, not an email address';
  const text = phoneText(input);
  if (!text) return 'A phone number has only digits, spaces and an optional + before the country code';
  const national = countryOf(country);
  if (!text.startsWith('+') && !national)
    return 'Please choose the country of this number, or start it with + and the country code';
  if (parsePhone(text, national)) return undefined;
  const parsed = parsePhoneNumberFromString(text, national);
  const where = parsed?.country ?? (text.startsWith('+') ? undefined : national);
  const of = where ? `a ${countryName(where)} number` : 'a phone number';
  switch (validatePhoneNumberLength(text, national)) {
    case 'INVALID_COUNTRY':
      return 'That country code is not one we know: check the digits after the +';
    case 'TOO_SHORT':
      return `This is too short for ${of}`;
    case 'TOO_LONG':
      return `This is too long for ${of}`;
    default:
      return `This is not a valid number for ${where ? countryName(where) : 'any country'}: please check the digits`;
  }
}

/** The stable key of a username for rate limits: normalised when it parses, else trimmed and lower-cased. */
export function usernameKey(input: unknown, country?: unknown): string | undefined {
  if (typeof input !== 'string' || !input.trim()) return undefined;
  const u = parseUsername(input, typeof country === 'string' ? country : undefined);
  if (!u) return input.trim().toLowerCase().slice(0, 254);
  return u.kind === 'email' ? u.email : u.phoneNumber;
}
