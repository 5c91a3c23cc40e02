import type { Plan } from '@fajr/api/contracts/common';
import { RTL_LANGUAGES, type Language } from '@fajr/api/contracts/languages';
import type { Prices } from '../../api/data.api';

/** SPEC section 9: amounts shown when the static prices are missing (minor units). */
export const FALLBACK_AMOUNTS: Record<Plan, number> = { BASIC: 199, PLUS: 399, PREMIUM: 599 };

// Region → currency for the browser locale; the euro area, and the other currencies the product is sold in.
const EURO = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];
const REGION_CURRENCY: Record<string, string> = {
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  TR: 'TRY',
  AE: 'AED',
  SA: 'SAR',
  QA: 'QAR',
  KW: 'KWD',
  MY: 'MYR',
  SG: 'SGD',
  ID: 'IDR',
  PK: 'PKR',
  IN: 'INR',
  BD: 'BDT',
  EG: 'EGP',
  MA: 'MAD',
  NG: 'NGN',
  ZA: 'ZAR',
  KE: 'KES',
  JP: 'JPY',
};

/** The browser locale's currency (upper case); GBP when the locale names no region we know. */
export function localeCurrency(locale: string = navigator.language): string {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  if (!region) return 'GBP';
  if (EURO.includes(region)) return 'EUR';
  return REGION_CURRENCY[region] ?? 'GBP';
}

/**
 * The locale money is written in: the language shown, with the browser's own conventions (en-GB, fr-CA)
 * when it is that same language. The currency itself is chosen from the browser's region (localeCurrency).
 */
export function moneyLocale(language: string, browser: string = navigator.language): string {
  const base = (locale: string) => locale.split('-')[0]!.toLowerCase();
  return base(language) === base(browser) ? browser : language;
}

/** Formats minor units as money in the given currency, in the given locale (the browser's by default). */
export function formatMoney(minor: number, currency: string, locale: string = navigator.language): string {
  const upper = currency.toUpperCase();
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency: upper }).resolvedOptions().maximumFractionDigits ?? 2;
  const text = new Intl.NumberFormat(locale, { style: 'currency', currency: upper }).format(minor / 10 ** digits);
  // In a right-to-left language the amount is kept whole, left to right: else bidi splits 'UK£' into '£UK'.
  return RTL_LANGUAGES.has(locale.split('-')[0]!.toLowerCase() as Language) ? `\u2066${text}\u2069` : text;
}

/**
 * The monthly price label for a plan: the static price in the locale's currency (else GBP, else any), or
 * the fallback amount; written in `display` (the language shown, moneyLocale) when given.
 */
export function planPrice(
  prices: Prices | null,
  plan: Plan,
  locale: string = navigator.language,
  display: string = locale,
): string {
  const wanted = localeCurrency(locale).toLowerCase();
  const currencies = prices?.[plan.toLowerCase() as 'basic' | 'plus' | 'premium']?.currencies;
  if (currencies && Object.keys(currencies).length) {
    const code = currencies[wanted] ? wanted : currencies.gbp ? 'gbp' : Object.keys(currencies)[0]!;
    return formatMoney(currencies[code]!.unit_amount, code, display);
  }
  return formatMoney(FALLBACK_AMOUNTS[plan], wanted, display);
}
