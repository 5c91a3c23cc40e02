import { searchCities } from '@fajr/activities/domain/cities';
import { authorityOf } from '@fajr/activities/domain/planning/authorities';
import { placeDefaults } from '@fajr/activities/domain/planning/place-defaults';
import { listTimeZones } from '@fajr/activities/domain/timezones';
import {
  insertContactMessage,
  insertFeedback,
  insertMosqueRequest,
} from '@fajr/activities/repositories/messages.repository';
import { listPublishedTimetables } from '@fajr/activities/repositories/published-timetables.repository';
import { jakimZoneAt } from '@fajr/activities/domain/planning/jakim-zones';
import {
  listActiveMosques,
  listAdhaans,
  listCallTimePrefs,
  listPrayerCalcHighLats,
  listPrayerCalcMethods,
} from '@fajr/activities/repositories/reference-data.repository';
import {
  citiesParams,
  citiesQuery,
  contactBody,
  feedbackBody,
  mosqueRequestBody,
  type City,
} from '../contracts/data.contract';
import type { Language } from '../contracts/languages.contract';
import type { ApiDeps } from '../deps';
import { BadRequestError } from '../errors';
import {
  adhaanLabelIn,
  callTimeLabelIn,
  highLatTextIn,
  methodTextIn,
  placeReasonIn,
  timetableDescriptionIn,
  timetableLabelIn,
  zoneLabelIn,
} from '../i18n/data/reference';
import { parse } from '../middleware/validate';

type Deps = Pick<ApiDeps, 'db'>;

let timezones: { tzName: string }[] | undefined;

/**
 * Everything the settings screen offers: zones, methods, high-latitude rules, mosques, adhaans, call time
 * preferences, with their words in `language` (docs/LANGUAGES.md "Reference data"). Names and ids that
 * the client sends back (`name`, `title`) stay as they are; `label` is what to show.
 */
export async function prayerCalcData(deps: Deps, language: Language = 'en') {
  timezones ??= listTimeZones().map((tzName) => ({ tzName }));
  const [prayerCalcMethods, timetables, prayerCalcHighLats, mosques, fajrAdhaans, callTimePrefs] = await Promise.all([
    listPrayerCalcMethods(deps.db),
    listPublishedTimetables(deps.db),
    listPrayerCalcHighLats(deps.db),
    listActiveMosques(deps.db),
    listAdhaans(deps.db),
    listCallTimePrefs(deps.db),
  ]);
  return {
    timezones,
    prayerCalcMethods: prayerCalcMethods.map((m) => {
      const authority = authorityOf(m.name);
      const ownRule = authority?.ownHighLatRule ?? null;
      const checked = authority?.checkedAgainst ?? null;
      return {
        ...m,
        label: methodTextIn(language, m.name, 'label', m.label),
        description: methodTextIn(language, m.name, 'description', m.description),
        reference: authority?.reference ?? null,
        checkedAgainst: checked && methodTextIn(language, m.name, 'checkedAgainst', checked),
        namesAuthority: !authority?.namesNoAuthority,
        ownHighLatRule: ownRule && methodTextIn(language, m.name, 'ownHighLatRule', ownRule),
      };
    }),
    publishedTimetables: timetables.map((t) => ({
      id: t.id,
      label: timetableLabelIn(language, t),
      description: timetableDescriptionIn(language, t),
      countryCode: t.countryCode,
      cityName: t.cityName,
      zoneCode: t.zoneCode ?? null,
      reference: t.source,
    })),
    prayerCalcHighLats: prayerCalcHighLats.map((h) => ({
      ...h,
      label: highLatTextIn(language, h.name, 'label', h.label),
      description: highLatTextIn(language, h.name, 'description', h.description),
    })),
    mosques,
    fajrAdhaans: fajrAdhaans.map((a) => ({ ...a, label: adhaanLabelIn(language, a.title) })),
    fajrCallTimePrefs: callTimePrefs.map(({ title, relativeTo }) => ({
      title,
      label: callTimeLabelIn(language, title),
      relativeTo,
    })),
  };
}

/** City suggestions for the settings screen, from the offline data set (no external service). */
export function findCities(params: unknown, query: unknown, language: Language = 'en'): City[] {
  const { country } = parse(citiesParams, params);
  const { city } = parse(citiesQuery, query);
  return searchCities(city, country).map((c) => {
    const defaults = placeDefaults(c.countryCode, c.countryName, c.lat, c.lng);
    const zone = jakimZoneAt(c.countryCode, c.lat, c.lng);
    return {
      ...c,
      prayerCalcMethod: defaults.prayerCalcMethod,
      prayerCalcHlat: defaults.prayerCalcHlat,
      polarConvention: defaults.polarConvention,
      methodReason: placeReasonIn(language, defaults.reason, c.countryCode),
      jakimZone: zone ? { code: zone.code, label: zoneLabelIn(language, zone) } : null,
    };
  });
}

/** Stores a request to add a mosque (anonymous or from the signed-in user). */
export async function requestMosque(deps: Deps, userId: string | null, body: unknown): Promise<{ message: string }> {
  const { name, address } = parse(mosqueRequestBody, body);
  // SPEC gives the form no validation; an entirely empty request is still useless to an operator.
  if (!name.trim() && !address.trim()) throw new BadRequestError('Please enter the name or address of your mosque');
  await insertMosqueRequest(deps.db, { userId, name: name.trim(), address: address.trim() });
  return { message: 'Request Sent' };
}

/** Stores a rating and/or comments. */
export async function sendFeedback(deps: Deps, userId: string | null, body: unknown): Promise<{ message: string }> {
  const { rating, comments } = parse(feedbackBody, body);
  const text = comments?.trim() || null;
  if (rating == null && !text) throw new BadRequestError('Please enter a rating or comments');
  await insertFeedback(deps.db, { userId, rating: rating ?? null, comments: text });
  return { message: 'Thank you for your feedback' };
}

const SPEC_CONTACT_MESSAGES = new Set(['Please enter an email', 'Please enter the details of your request']);

/** Stores a message from the help form ('Speak to Us!'). */
export async function sendContactMessage(
  deps: Deps,
  userId: string | null,
  body: unknown,
): Promise<{ message: string }> {
  const checked = contactBody.safeParse(body ?? {});
  // The help form shows the server's message as is: SPEC's own sentences, without a field prefix.
  const spec = checked.error?.issues.find((i) => SPEC_CONTACT_MESSAGES.has(i.message));
  if (spec) throw new BadRequestError(spec.message);
  const m = parse(contactBody, body);
  await insertContactMessage(deps.db, { userId, ...m });
  return { message: "Message sent successfully, we' be in touch as soon as we can" };
}
