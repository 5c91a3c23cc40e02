import { JAKIM_ZONES, jakimZoneLabel, publishedTableLabel } from '@fajr/activities/domain/planning/jakim-zones';
import type { Language } from '../../contracts/languages.contract';
import { DATA_TEXTS, dataText, isDataKey, ownText } from './catalogue';

/**
 * Reference data in the request's language. English is always the text as the seeds and the domain say
 * it, byte for byte; another language gets the catalogue's words for the same thing (by its id), and a
 * name (a city, a zone's state, an authority the catalogue does not know) stays as it is.
 */

const en = DATA_TEXTS.en as Record<string, string>;

export const methodTextIn = (
  language: Language,
  name: string,
  field: 'label' | 'description' | 'ownHighLatRule' | 'checkedAgainst',
  shown: string,
): string => ownText(language, `method.${name}.${field}`, shown);

export const highLatTextIn = (language: Language, name: string, field: 'label' | 'description', shown: string) =>
  ownText(language, `hlat.${name}.${field}`, shown);

/** An adhaan's title as the person reads it (the title itself stays the adhaan's id). */
export const adhaanLabelIn = (language: Language, title: string) => ownText(language, `adhaan.${title}`, title);

const AFTER = new RegExp(`^${en['callTime.after']!.replace('{n}', '(\\d+)')}$`);
const BEFORE_SUNRISE = new RegExp(`^${en['callTime.beforeSunrise']!.replace('{n}', '(\\d+)')}$`);

/** A call time preference as the person reads it (its English title stays the value the client sends back). */
export function callTimeLabelIn(language: Language, title: string): string {
  if (language === 'en') return title;
  if (title === en['callTime.soon']) return dataText(language, 'callTime.soon');
  const after = AFTER.exec(title);
  if (after) return dataText(language, 'callTime.after', { n: Number(after[1]) });
  const before = BEFORE_SUNRISE.exec(title);
  return before ? dataText(language, 'callTime.beforeSunrise', { n: Number(before[1]) }) : title;
}

/** How settings name a JAKIM zone: "JAKIM zone PLS01 (Perlis)" in English. */
export const zoneLabelIn = (language: Language, zone: { code: string; state: string }) =>
  language === 'en' ? jakimZoneLabel(zone) : dataText(language, 'zone.label', zone);

/** A published table's label: its zone's, else the authority's table for the city. */
export function timetableLabelIn(
  language: Language,
  t: { authority: string; cityName: string; zoneCode?: string | null },
): string {
  if (language === 'en') return publishedTableLabel(t);
  const zone = t.zoneCode ? JAKIM_ZONES.find((z) => z.code === t.zoneCode) : undefined;
  if (zone) return zoneLabelIn(language, zone);
  return dataText(language, 'timetable.label', { authority: t.authority, city: t.cityName });
}

/** What a published table is, in a sentence (the method fills the dates it does not list). */
export function timetableDescriptionIn(
  language: Language,
  t: {
    authority: string;
    cityName: string;
    zoneCode?: string | null;
    firstDate: string | null;
    lastDate: string | null;
  },
): string {
  const dates = { authority: t.authority, from: t.firstDate ?? '–', to: t.lastDate ?? '–' };
  return t.zoneCode
    ? dataText(language, 'timetable.description.zone', { ...dates, code: t.zoneCode })
    : dataText(language, 'timetable.description.city', { ...dates, city: t.cityName });
}

// Every method by its English label, and by the authority that label starts with ("JAKIM" of "JAKIM — Malaysia").
const METHOD_BY_LABEL = new Map<string, string>();
const METHOD_BY_AUTHORITY = new Map<string, string>();
for (const [key, text] of Object.entries(en)) {
  const name = /^method\.(\w+)\.label$/.exec(key)?.[1];
  if (!name) continue;
  METHOD_BY_LABEL.set(text, name);
  METHOD_BY_AUTHORITY.set(text.split(' — ')[0]!, name);
}

/** A method's authority (the part of its label before " — ") in the language; as is when not a method's. */
function authorityIn(language: Language, english: string): string {
  const name = METHOD_BY_AUTHORITY.get(english);
  const key = `method.${name}.label`;
  return name && isDataKey(key) ? dataText(language, key).split(' — ')[0]! : english;
}

let countryCodes: Map<string, string> | undefined;

/** A country's ISO code by its English name ("United Kingdom"), as Intl names it; undefined when unknown. */
function countryCodeOf(english: string): string | undefined {
  if (!countryCodes) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countryCodes = new Map();
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name && name !== code) countryCodes.set(name, code);
      }
  }
  return countryCodes.get(english);
}

const COMMA: Partial<Record<Language, string>> = { ar: '، ', ur: '، ' };

/** Where a place suggestion's authority is used: "Tatarstan, Russia" or "Malaysia", in the language. */
function whereIn(language: Language, where: string, countryCode: string | null): string {
  const [first, ...rest] = where.split(', ');
  const regionKey = `region.${first}`;
  const region = rest.length > 0 && isDataKey(regionKey) ? dataText(language, regionKey) : null;
  const country = region ? rest.join(', ') : where;
  const code = countryCode?.toUpperCase() ?? countryCodeOf(country) ?? (/^[A-Z]{2}$/.test(country) ? country : null);
  const named = code ? (new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? country) : country;
  return region ? `${region}${COMMA[language] ?? ', '}${named}` : named;
}

const REASON = /^(.+?) — (?:used in (.+)|the general default \(no national authority listed(?: for (.+))?\))$/;

/**
 * Why a place starts with its method, as place-defaults.ts says it in English ("JAKIM — used in
 * Malaysia"), in the language; as is when it is none of its forms.
 */
export function placeReasonIn(language: Language, reason: string, countryCode: string | null = null): string {
  if (language === 'en') return reason;
  const m = REASON.exec(reason);
  if (!m) return reason;
  const authority = authorityIn(language, m[1]!);
  if (m[2] !== undefined)
    return dataText(language, 'place.used_in', { authority, where: whereIn(language, m[2], countryCode) });
  if (m[3] !== undefined)
    return dataText(language, 'place.default_for', { authority, where: whereIn(language, m[3], countryCode) });
  return dataText(language, 'place.default', { authority });
}

const ZONE_LABEL = /^JAKIM zone (\S+) \((.+)\)$/;
const TABLE_LABEL = /^(.+) — published timetable for (.+)$/;

/**
 * A label the domain made in English (a published table's, a zone's or a method's, as the user view's
 * source line carries it) in the language; as is when it is none of those (a mosque's name).
 */
export function sourceLabelIn(language: Language, label: string): string {
  if (language === 'en') return label;
  const zone = ZONE_LABEL.exec(label);
  if (zone) return zoneLabelIn(language, { code: zone[1]!, state: zone[2]! });
  const table = TABLE_LABEL.exec(label);
  if (table) return dataText(language, 'timetable.label', { authority: table[1]!, city: table[2]! });
  const method = METHOD_BY_LABEL.get(label);
  return method ? methodTextIn(language, method, 'label', label) : label;
}
