import type { Clock } from '../../domain/call-speech';

/** Tomorrow's jama'ah change as a call says it: the mosque's name and its new time on the mosque's clock. */
export interface SpokenJamaahChange {
  mosqueName: string;
  clock: Clock;
}

/** The awake-check URL's query parameter that carries tomorrow's change (issue 46 point 4). */
export const JAMAAH_CHANGE_PARAM = 'jc';

/** Longer names are not carried: a provider's action URL has a length limit, and no mosque is named so long. */
const MAX_NAME_BYTES = 300;

/**
 * `HHMM.<name as base64url>`: only URL-safe characters, so the URL the provider signs is the URL it
 * posts back, whatever script the mosque's name is in. Undefined when the name is too long to carry.
 */
export function jamaahChangeParam(change: SpokenJamaahChange): string | undefined {
  const name = Buffer.from(change.mosqueName, 'utf8');
  if (!name.length || name.length > MAX_NAME_BYTES) return undefined;
  const hhmm = `${String(change.clock.hour).padStart(2, '0')}${String(change.clock.minute).padStart(2, '0')}`;
  return `${hhmm}.${name.toString('base64url')}`;
}

/** Reads the parameter back; undefined when absent or not one `jamaahChangeParam` writes. */
export function readJamaahChangeParam(value: string | undefined): SpokenJamaahChange | undefined {
  const m = /^([01]\d|2[0-3])([0-5]\d)\.([A-Za-z0-9_-]{2,400})$/.exec(value ?? '');
  if (!m) return undefined;
  const mosqueName = Buffer.from(m[3]!, 'base64url').toString('utf8');
  if (!mosqueName.trim() || mosqueName.includes('\uFFFD')) return undefined;
  return { mosqueName, clock: { hour: Number(m[1]), minute: Number(m[2]) } };
}
