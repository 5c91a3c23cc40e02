import { readFileSync } from 'node:fs';
import { z } from 'zod';
import bundled from './phone-costs.json';

/**
 * What a text or a call to each served country costs us, and how many a day it may have: the table in
 * phone-costs.json (or the file PHONE_COSTS_FILE names). Toll fraud and SMS pumping are priced per
 * country, so the controls are too: a country's caps bound what a script can bill there in a day, and
 * the prices let an account's month be summed against its budget (docs/SECURITY.md).
 */

const price = z.number().nonnegative().nullable();
const caps = z.object({
  /** Texts (codes, invitations, notices) to one number in a rolling day. */
  textsPerNumber: z.number().int().positive(),
  /** Optional calls (test calls, spoken codes) to one number in a rolling day. */
  callsPerNumber: z.number().int().positive(),
  /** Texts to the whole country in a rolling day, every account together. */
  textsPerCountry: z.number().int().positive(),
  /** Optional calls to the whole country in a rolling day. */
  callsPerCountry: z.number().int().positive(),
});

const tableSchema = z.object({
  fallback: z.object({
    smsUsd: z.number().positive(),
    voicePerMinuteUsd: z.number().positive(),
    source: z.string().min(1),
  }),
  defaultCaps: caps,
  countries: z.array(
    z.object({
      country: z.string().regex(/^[A-Z]{2}$/),
      smsUsd: price,
      voicePerMinuteUsd: price,
      /** Where the figures come from (URL and date), or that none was found. */
      source: z.string().min(1),
      caps: caps.partial().optional(),
    }),
  ),
});

export type PhoneCaps = z.infer<typeof caps>;
export type PhoneCostTable = z.infer<typeof tableSchema>;

/** Reads and checks a cost table (the bundled one when no file is named); throws naming what is wrong. */
export function loadPhoneCosts(file?: string): PhoneCostTable {
  const raw: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : bundled;
  return tableSchema.parse(raw);
}

let cached: { file: string | undefined; table: PhoneCostTable } | undefined;

/** The table of the configured file, read once per process. */
export function phoneCosts(file?: string): PhoneCostTable {
  if (!cached || cached.file !== file) cached = { file, table: loadPhoneCosts(file) };
  return cached.table;
}

const rowOf = (table: PhoneCostTable, country: string) => table.countries.find((r) => r.country === country);

/** The served countries the table has no row for (each must have one, even if its prices are unknown). */
export function unpricedCountries(table: PhoneCostTable, served: readonly string[]): string[] {
  return served.filter((c) => !rowOf(table, c));
}

/** The price of one text to the country (US dollars); the fallback where no figure is known. */
export function smsPrice(table: PhoneCostTable, country: string): number {
  return rowOf(table, country)?.smsUsd ?? table.fallback.smsUsd;
}

/** What a call of `seconds` to the country costs: whole minutes, as the provider bills them. */
export function callPrice(table: PhoneCostTable, country: string, seconds: number): number {
  const perMinute = rowOf(table, country)?.voicePerMinuteUsd ?? table.fallback.voicePerMinuteUsd;
  return Math.ceil(Math.max(0, seconds) / 60) * perMinute;
}

/** The country's daily caps: its own where the table sets them, the defaults otherwise. */
export function capsFor(table: PhoneCostTable, country: string): PhoneCaps {
  return { ...table.defaultCaps, ...rowOf(table, country)?.caps };
}
