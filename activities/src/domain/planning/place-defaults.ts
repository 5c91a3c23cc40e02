import { DEFAULT_CALC_METHOD } from '@fajr/migrations/prayer-calc-methods';
import { regionCodeNear } from '../cities';
import { authorityOf } from './authorities';
import { DEFAULT_POLAR_CONVENTION, type HighLatRuleName, type PolarConventionName } from './rules';

/**
 * The method a place's Muslims follow, by ISO 3166-1 country code: the national authority where
 * there is one (its own published timetables, docs/PRAYER-TIMES.md "Defaults that follow the place"
 * lists the source of each row), else the method in common use there. Countries not listed get the
 * catalogue default (Muslim World League).
 */
export const COUNTRY_AUTHORITY: Readonly<Record<string, string>> = {
  MY: 'Jakim',
  // The Ministry's own table: Fajr at 20°, where JAKIM's 18° plus 2 min called 10–11 min after its Subuh (docs/PRAYER-TIMES.md).
  BN: 'Brunei',
  ID: 'Kemenag',
  SG: 'Singapore',
  SA: 'UmmAlQura',
  YE: 'UmmAlQura',
  AE: 'Dubai',
  QA: 'Qatar',
  KW: 'Kuwait',
  // Bahrain is not listed: Aladhan's Gulf Region (19.5°) is 5–9 min earlier than Bahrain's table, which is
  // 18° like every Gulf authority's found (docs/PRAYER-TIMES.md), so it takes the general default (18°).
  OM: 'Oman',
  EG: 'Egyptian',
  SD: 'Egyptian',
  LY: 'Egyptian',
  SY: 'Egyptian',
  IQ: 'Egyptian',
  // Dar al-Fatwa's own Beirut table: ESA's 19.5°, the default before, was up to 4 min after its Fajr from July to October.
  LB: 'Lebanon',
  TR: 'Turkey',
  IR: 'Tehran',
  // The Caucasus Muslims Board's Baku tables: Fajr at 16°, not the general default's 18° (docs/PRAYER-TIMES.md).
  AZ: 'Azerbaijan',
  // The Rijaset's Takvim: zora at 19°, 3.6–13.7 min before the general default's 18° (docs/PRAYER-TIMES.md).
  BA: 'Bosnia',
  // QMDB's own tables: Fajr at 15°, where the general default's 18° calls 16–38 min before it (docs/PRAYER-TIMES.md).
  KZ: 'Kazakhstan',
  // The Muslim Board's own Tashkent times (11 dated days): Fajr at 15.5°, where 18° calls 13–22 min before it.
  UZ: 'Uzbekistan',
  // The Muftiyat's own Bishkek times: 18° as the general default, but the astronomical sunrise (the default's is 4 min early).
  KG: 'Kyrgyzstan',
  // ACJU's own zone tables: Fajr at 20° plus a minute, where the general default's 18° called 6–9 min after it.
  LK: 'SriLanka',
  // The Ministry's island table: Fajr at 19°, where 18° called 3–5 min after it.
  MV: 'Maldives',
  PK: 'Karachi',
  IN: 'Karachi',
  AF: 'Karachi',
  BD: 'Bangladesh',
  RU: 'Russia',
  TN: 'Tunisia',
  DZ: 'Algeria',
  MA: 'Morocco',
  JO: 'Jordan',
  PT: 'Portugal',
  FR: 'France12',
  US: 'NorthAmerica',
  // ISNA Canada's published timetable is the Moonsighting Committee's method, not ISNA's 15° (docs/PRAYER-TIMES.md).
  CA: 'MoonsightingCommittee',
};

/**
 * Regions whose own authority's tables differ from the national one's, by country and GeoNames admin1
 * code (a city's region is that of the nearest packaged city): their users start with it instead.
 */
export const REGION_AUTHORITY: Readonly<Record<string, Readonly<Record<string, { method: string; name: string }>>>> = {
  RU: {
    // DUM RT's own tables: DUM RF's method was within a minute of their Fajr on 70 % of days (up to 89 min off near the white nights), of their sunrise on none (docs/PRAYER-TIMES.md).
    '73': { method: 'Tatarstan', name: 'Tatarstan' },
    // The Muftiate of Dagestan's own tables: DUM RF's Fajr was 2–7 min before theirs on every day, its sunrise 2–5 min early, within a minute on none.
    '17': { method: 'Dagestan', name: 'Dagestan' },
  },
};

export const DEFAULT_METHOD = DEFAULT_CALC_METHOD;

/**
 * For an 18° Fajr: from this latitude (either hemisphere) twilight can last all night in summer, and the
 * seventh of the night is then the usual rule.
 */
export const SEVENTH_OF_NIGHT_FROM_LATITUDE = 48;

/**
 * The high-latitude rule a place starts with: the authority's own where its tables follow one (DUM RF: the
 * twilight angle), else the seventh of the night where the sun may not sink to the method's Fajr angle in
 * summer, else the middle of the night, which leaves every Fajr the angle gives as it is. At midsummer the
 * sun sinks only 66.56° − |latitude| at most, so the line moves with the angle, with the same half-degree
 * margin as 48° for 18°: 54° for the UOIF's 12°, 51° for ISNA's 15°. (The seventh clamped a Lille user's
 * 12° Fajr up to 50 minutes after the Grande Mosquée's calendar on 109 days of 2026.)
 */
export function defaultHighLatRule(method: string, lat: number | null): HighLatRuleName {
  const authority = authorityOf(method);
  if (authority?.highLatRule) return authority.highLatRule;
  const from = SEVENTH_OF_NIGHT_FROM_LATITUDE + 18 - (authority?.fajrAngle ?? 18);
  return lat !== null && Math.abs(lat) >= from ? 'SeventhOfTheNight' : 'MiddleOfTheNight';
}

export interface PlaceDefaults {
  prayerCalcMethod: string;
  prayerCalcHlat: string;
  /** Applies only where the sun does not rise or set; the default everywhere, as it always gives a time. */
  polarConvention: PolarConventionName;
  /** Why, in words for the settings screen: "JAKIM — used in Malaysia". */
  reason: string;
}

/** The listed region authority of a place, if its country lists regions and the point lies in one. */
function regionAuthorityAt(
  code: string,
  lat: number | null,
  lng: number | null,
): { method: string; name: string } | undefined {
  const regions = REGION_AUTHORITY[code];
  if (!regions || lat === null || lng === null) return undefined;
  const region = regionCodeNear(code, lat, lng);
  return region === null ? undefined : regions[region];
}

/**
 * The method and high-latitude rule (the authority's own, else by latitude) a user at a place starts
 * with, and why: the region's authority where one is listed (with `lng`), else the country's.
 */
export function placeDefaults(
  countryCode: string | null,
  countryName: string | null,
  lat: number | null,
  lng: number | null = null,
): PlaceDefaults {
  const code = countryCode?.toUpperCase() ?? '';
  const region = regionAuthorityAt(code, lat, lng);
  const listed = region?.method ?? COUNTRY_AUTHORITY[code];
  const method = listed ?? DEFAULT_METHOD;
  const label = authorityOf(method)?.label.split(' — ')[0] ?? method;
  const where = region ? `${region.name}${countryName ? `, ${countryName}` : ''}` : (countryName ?? code);
  const reason =
    listed && where
      ? `${label} — used in ${where}`
      : `${label} — the general default (no national authority listed${where ? ` for ${where}` : ''})`;
  return {
    prayerCalcMethod: method,
    prayerCalcHlat: defaultHighLatRule(method, lat),
    polarConvention: DEFAULT_POLAR_CONVENTION,
    reason,
  };
}

/** What settings offer a saved user whose method or rule differs: the place's defaults, without the polar convention. */
export interface PlaceSuggestion {
  prayerCalcMethod: string;
  prayerCalcHlat: string;
  reason: string;
}

/** How a declined suggestion is stored ('method/rule'): a different one (new place, improved default) is offered again. */
export const suggestionKey = (s: Pick<PlaceSuggestion, 'prayerCalcMethod' | 'prayerCalcHlat'>): string =>
  `${s.prayerCalcMethod}/${s.prayerCalcHlat}`;

/** The suggestion for a saved city; null without a city, or when the user kept their own settings over this very one. */
export function placeSuggestion(
  place: {
    cityName: string | null;
    countryCode: string | null;
    countryName: string | null;
    lat: number | null;
    lng: number | null;
  },
  declined: string | null,
): PlaceSuggestion | null {
  if (!place.cityName) return null;
  const { prayerCalcMethod, prayerCalcHlat, reason } = placeDefaults(
    place.countryCode,
    place.countryName,
    place.lat,
    place.lng,
  );
  const suggestion = { prayerCalcMethod, prayerCalcHlat, reason };
  return declined === suggestionKey(suggestion) ? null : suggestion;
}
