// The 'all' dataset keeps every zone where it is (Europe/Oslo for Tromsø); the default one merges
// zones that agree since 1970 into one name (Europe/Berlin), which is not the zone a person lives in.
import { find } from 'geo-tz/all';
import { DateTime, IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';
import moment from 'moment-timezone';

// Area/Location names (and the few single-word zones such as UTC); rejects offsets like "+05:00",
// which Intl accepts on some Node versions but are not IANA zones.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** Whether a string names a real IANA time zone (canonical names and their aliases). */
export function isIanaZone(name: string): boolean {
  return ZONE_NAME.test(name) && zoneFor(name).isValid;
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

/*
 * Zone data. Node's Intl carries the IANA data of the ICU it was built with (this Node: tz 2025c),
 * so a zone whose rules changed since (Morocco: permanent UTC+0 from 2026-09-20, tzdata 2026c;
 * British Columbia, Alberta, Manitoba…) is wrong there until the binary is replaced. The server
 * therefore keeps IANA's data as a package (moment-timezone's, tz 2026f, read here without moment's
 * dates) and, for a zone where the two disagree, takes offsets from it; every other zone stays on
 * Intl (luxon's IANAZone), the fast path. Every server-side use of a zone goes through `zoneFor`
 * (docs/DECISIONS.md, docs/PRAYER-TIMES.md "Morocco's clock").
 */

/** IANA release of the bundled data ("2026f") and of the runtime's ("2025c"; empty if unknown). */
export const BUNDLED_TZ_VERSION = moment.tz.dataVersion;
export const RUNTIME_TZ_VERSION = process.versions.tz ?? '';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/** A zone computed from the bundled IANA data: its transitions (moment-timezone's), a binary search per instant. */
export class BundledZone extends Zone<true> {
  /** untils[i]: the instant offsets[i] ends (the last is Infinity); offsets in minutes east of UTC. */
  private readonly untils: number[];
  private readonly offsets: number[];

  constructor(private readonly zoneName: string) {
    super();
    const data = moment.tz.zone(zoneName);
    if (!data) throw new Error(`No bundled time zone data for ${zoneName}`);
    this.untils = data.untils.slice();
    // moment counts minutes west of UTC (as Date#getTimezoneOffset); luxon east.
    this.offsets = data.offsets.map((o) => (o === 0 ? 0 : -o));
  }

  override get type(): string {
    return 'tzdata';
  }
  override get name(): string {
    return this.zoneName;
  }
  override get isUniversal(): boolean {
    return false;
  }
  override get isValid(): true {
    return true;
  }
  override offset(ts: number): number {
    const { untils } = this;
    // The first period that ends after ts.
    let lo = 0;
    let hi = untils.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ts < untils[mid]!) hi = mid;
      else lo = mid + 1;
    }
    return this.offsets[lo]!;
  }
  override offsetName(ts: number, _options: ZoneOffsetOptions): string {
    return `UTC${this.formatOffset(ts, 'short')}`;
  }
  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    const offset = this.offset(ts);
    const sign = offset < 0 ? '-' : '+';
    const hours = Math.floor(Math.abs(offset) / 60);
    const minutes = Math.abs(offset) % 60;
    const hh = String(hours).padStart(2, '0');
    const mm = String(minutes).padStart(2, '0');
    if (format === 'narrow') return `${sign}${hours}${minutes ? `:${mm}` : ''}`;
    if (format === 'techie') return `${sign}${hh}${mm}`;
    return `${sign}${hh}:${mm}`;
  }
  override equals(other: Zone): boolean {
    return other.type === this.type && other.name === this.name;
  }
}

/** Whether IANA release a ("2026f") is later than b ("2025c"); an unknown b ("") is older than any. */
export function laterRelease(a: string, b: string): boolean {
  const [ya, la, yb, lb] = [a.slice(0, 4), a.slice(4), b.slice(0, 4), b.slice(4)];
  if (ya !== yb) return ya > yb;
  return la.length !== lb.length ? la.length > lb.length : la > lb;
}

/**
 * Whether Intl's offsets for a zone differ from the bundled data's anywhere from a year ago to two
 * years ahead: every week, and a minute either side of each bundled transition in that stretch
 * (~160 Intl offsets, about 2 ms, once per zone).
 */
function runtimeDisagrees(iana: IANAZone, bundledZone: BundledZone, untils: number[], now: number): boolean {
  const from = now - 366 * DAY_MS;
  const to = now + 2 * 366 * DAY_MS;
  const instants: number[] = [];
  for (let t = from; t <= to; t += 7 * DAY_MS) instants.push(t);
  for (const at of untils) if (at >= from && at <= to) instants.push(at - MINUTE_MS, at, at + MINUTE_MS);
  return instants.some((t) => iana.offset(t) !== bundledZone.offset(t));
}

const zones = new Map<string, Zone>();

/**
 * The luxon zone for an IANA name: the runtime's (Intl) unless the bundled IANA data is newer and
 * disagrees for this zone, then the bundled data's. Decided once per real zone (cached); a name no
 * data knows gives an invalid zone (`isValid` false), as luxon's IANAZone does, and is not cached
 * (names come from requests: garbage must not fill a cache).
 */
export function zoneFor(name: string): Zone {
  let zone = zones.get(name);
  if (!zone) {
    zone = chooseZone(name, Date.now());
    if (!zone.isValid) return zone;
    if (zones.size > 10_000) zones.clear();
    zones.set(name, zone);
  }
  return zone;
}

/** What zoneFor decides, at `now` (exported for tests). */
export function chooseZone(name: string, now: number, runtimeVersion = RUNTIME_TZ_VERSION): Zone {
  const known = IANAZone.isValidZone(name);
  const newer = ZONE_NAME.test(name) && laterRelease(BUNDLED_TZ_VERSION, runtimeVersion);
  const data = newer ? moment.tz.zone(name) : null;
  // luxon's IANAZone.create caches every name for good, so only real zones go through it.
  if (!data) return known ? IANAZone.create(name) : new IANAZone(name);
  const bundledZone = new BundledZone(name);
  // A zone the runtime does not know yet but IANA does (a new zone) is the bundled data's too.
  if (!known) return bundledZone;
  const iana = IANAZone.create(name);
  return runtimeDisagrees(iana, bundledZone, data.untils, now) ? bundledZone : iana;
}

/**
 * The instant whose wall-clock time in zone `to` is the one `instant` shows in zone `from` (a mosque
 * moved to another zone keeps its timetable's local times), ISO with offset. Done here rather than
 * with Postgres's AT TIME ZONE: the embedded Postgres's zone data is older too (Casablanca at UTC+1).
 */
export function sameWallClock(instant: Date, from: string, to: string): string {
  return DateTime.fromJSDate(instant, { zone: zoneFor(from) })
    .setZone(zoneFor(to), { keepLocalTime: true })
    .toISO({ suppressMilliseconds: true })!;
}
