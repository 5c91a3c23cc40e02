// The 'all' dataset keeps every zone where it is (Europe/Oslo for Tromsø); the default one merges
// zones that agree since 1970 into one name (Europe/Berlin), which is not the zone a person lives in.
import { find } from 'geo-tz/all';
import { IANAZone } from 'luxon';

// Area/Location names (and the few single-word zones such as UTC); rejects offsets like "+05:00",
// which Intl accepts on some Node versions but are not IANA zones.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** Whether a string names a real IANA time zone (canonical names and their aliases). */
export function isIanaZone(name: string): boolean {
  return ZONE_NAME.test(name) && IANAZone.isValidZone(name);
}

/** Every IANA zone the runtime knows (canonical names), sorted. */
export function listTimeZones(): string[] {
  return [...Intl.supportedValuesOf('timeZone')].sort();
}

/** The IANA zones at a point (usually one; several where zones overlap). */
export function zonesAt(lat: number, lng: number): string[] {
  return find(lat, lng);
}

/**
 * The zone to store for a place: the given zone when it is one of the zones at the coordinates,
 * else the zone the coordinates fall in (a client may send a stale zone after changing city).
 */
export function resolveZone(lat: number, lng: number, given?: string | null): string {
  const zones = zonesAt(lat, lng);
  if (given && zones.includes(given)) return given;
  const derived = zones[0];
  if (!derived) throw new Error(`No time zone found at ${lat},${lng}`);
  return derived;
}
