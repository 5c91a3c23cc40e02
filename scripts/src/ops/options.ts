// Reading the ops commands' arguments: options, numbers, names, places and input files, each refused with a message saying why.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isIanaZone, zonesAt } from '@fajr/activities/domain/timezones';
import type { TimetableError } from '@fajr/activities/domain/timetable-csv';
import { OpsError, type OpsIo, type ReadFile } from './output';

export function number(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max)
    throw new OpsError(`--${name} must be a number from ${min} to ${max}, got "${value}"`);
  return n;
}

export function text(name: string, value: string | undefined, max = 500): string | undefined {
  if (value === undefined) return undefined;
  const t = value.trim();
  if (!t) throw new OpsError(`--${name} must not be empty`);
  if (t.length > max) throw new OpsError(`--${name} is longer than ${max} characters`);
  return t;
}

export function country(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[A-Za-z]{2}$/.test(value.trim()))
    throw new OpsError(`--country must be a 2-letter ISO country code, got "${value}"`);
  return value.trim().toUpperCase();
}

export function zone(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isIanaZone(value)) throw new OpsError(`--tz must be an IANA time zone such as Europe/London, got "${value}"`);
  return value;
}

export const mosqueOptions = {
  name: { type: 'string' },
  address: { type: 'string' },
  city: { type: 'string' },
  country: { type: 'string' },
  lat: { type: 'string' },
  lng: { type: 'string' },
  tz: { type: 'string' },
  active: { type: 'string' },
} as const;

// parseArgs reads "--lng -1.57" as a missing value followed by an option; negative numbers are values here.
function joinNegativeNumbers(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (/^--[a-z]+$/.test(args[i]!) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${args[i]}=${next}`);
      i++;
    } else out.push(args[i]!);
  }
  return out;
}

export function parse<const T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>({
      args: joinNegativeNumbers(args),
      options,
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    throw new OpsError(`${(e as Error).message}\nRun \`npm run ops -- --help\` for usage.`, 2);
  }
}

export function warnIfZoneFar(io: OpsIo, lat: number, lng: number, tz: string) {
  const zones = zonesAt(lat, lng);
  if (!zones.includes(tz)) io.err(`warning: ${lat},${lng} lies in ${zones.join(' or ')}, not ${tz}`);
}

export function active(v: string): boolean {
  if (v === 'true' || v === 'false') return v === 'true';
  throw new OpsError(`--active must be true or false, got "${v}"`);
}

/** Prints a CSV's bad rows (the first 50) as the operator's error; nothing was imported. */
export function badRows(file: string, errors: TimetableError[]): OpsError {
  const shown = errors.slice(0, 50).map((e) => `  line ${e.line}: ${e.message}`);
  const more = errors.length > 50 ? [`  … and ${errors.length - 50} more`] : [];
  return new OpsError([`${file}: ${errors.length} bad row(s); nothing was imported:`, ...shown, ...more].join('\n'));
}

export async function readCsv(read: ReadFile, file: string): Promise<string> {
  try {
    return await read(file);
  } catch (e) {
    throw new OpsError(`Cannot read ${file}: ${(e as Error).message}`);
  }
}
