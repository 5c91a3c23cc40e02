import { entitlementsOf, UPGRADE_TO_PLUS, UPGRADE_TO_PREMIUM } from '@fajr/activities/domain/entitlements';
import { placeDefaults, placeSuggestion, suggestionKey } from '@fajr/activities/domain/planning/place-defaults';
import { isIanaZone, resolveZone } from '@fajr/activities/domain/timezones';
import { TAHAJJUD_MINUTES } from '@fajr/activities/domain/tahajjud-call';
import type { z } from 'zod';
import {
  DEFAULT_ADHAAN,
  DEFAULT_CALL_TIME_PREF,
  declinePlaceSuggestion,
  findEntitlementSubject,
  findPreferences,
  upsertPreferences,
  type Preferences,
} from '@fajr/activities/repositories/preferences.repository';
import {
  defaultTimetableFor,
  findPublishedTimetable,
  timetableIsFor,
} from '@fajr/activities/repositories/published-timetables.repository';
import {
  adhaanExists,
  callTimePrefExists,
  findActiveMosque,
  prayerCalcHighLatExists,
  prayerCalcMethodExists,
} from '@fajr/activities/repositories/reference-data.repository';
import { declineSuggestionBody, fajrPrefsBody, togglesBody, type FajrPrefs } from '../contracts/schedules.contract';
import type { ApiDeps } from '../deps';
import { BadRequestError, ConflictError, ForbiddenError, ServiceUnavailableError, UnauthorizedError } from '../errors';
import { parse } from '../middleware/validate';
import { notifyPrefsChanged, withinDeadline } from '../temporal';

const REPLAN_DEADLINE_MS = 8000;

type Deps = Pick<ApiDeps, 'db' | 'now' | 'temporal' | 'config' | 'logger'>;

async function gatesFor(deps: Deps, userId: string) {
  const subject = await findEntitlementSubject(deps.db, userId);
  // The session outlived its user (deleted in between): treat as signed out.
  if (!subject) throw new UnauthorizedError();
  return entitlementsOf(subject, deps.now());
}

// The web sends an empty adhaan when nothing is selected; SPEC: it falls back to 'Default'.
function withDefaultAdhaan(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    if (b.fajrAdhaanId === '' || b.fajrAdhaanId === null) return { ...b, fajrAdhaanId: DEFAULT_ADHAAN };
  }
  return body;
}

/** Re-plans the user's call chain; the preferences are already saved when this fails. */
async function replan(deps: Deps, userId: string): Promise<void> {
  try {
    // Bounded well inside the web client's 15 s timeout: an unreachable Temporal fails here, not there.
    await withinDeadline(deps, REPLAN_DEADLINE_MS, () => notifyPrefsChanged(deps, userId));
  } catch (err) {
    deps.logger.error({ err, userId }, 'could not signal the Fajr call chain after a preferences change');
    throw new ServiceUnavailableError(
      'Your preferences were saved, but your call schedule could not be updated right now. Please save again in a moment.',
    );
  }
}

/**
 * The method and high-latitude rule to save: what the user sent; for one left out, the stored choice
 * while the city is unchanged (nobody's method changes silently), else the new city's default.
 */
function methodChoice(
  body: FajrPrefs,
  stored: Preferences | null | undefined,
): { prayerCalcMethod: string; prayerCalcHlat: string; polarConvention: string; prayerTimetableId: string | null } {
  const sameCity =
    stored != null &&
    stored.cityName === body.cityName &&
    stored.countryCode === (body.countryCode?.toUpperCase() ?? null);
  const defaults = placeDefaults(body.countryCode, body.countryName, body.lat, body.lng);
  return {
    prayerCalcMethod: body.prayerCalcMethod ?? (sameCity ? stored.prayerCalcMethod : defaults.prayerCalcMethod),
    prayerCalcHlat: body.prayerCalcHlat ?? (sameCity ? stored.prayerCalcHlat : defaults.prayerCalcHlat),
    polarConvention: body.polarConvention ?? (sameCity ? stored.polarConvention : defaults.polarConvention),
    // A published timetable is a place's: a new city drops it unless the user chooses one there.
    prayerTimetableId:
      body.prayerTimetableId !== undefined ? body.prayerTimetableId : sameCity ? stored.prayerTimetableId : null,
  };
}

/** Saves the settings screen (SPEC section 3 payload): validates every choice, enforces plan gates, re-plans calls. */
export async function savePreferences(deps: Deps, userId: string, rawBody: unknown): Promise<{ message: string }> {
  const parsed = parse(fajrPrefsBody, withDefaultAdhaan(rawBody));
  const [stored, gates] = await Promise.all([findPreferences(deps.db, userId), gatesFor(deps, userId)]);
  const body = { ...parsed, ...methodChoice(parsed, stored) };
  // A new city whose authority's table the product ships starts with that table, as it starts with the
  // place's method (docs/PRAYER-TIMES.md "Shipped tables"); on the same city the user's choice stands.
  const newCity =
    stored?.cityName !== body.cityName || stored?.countryCode !== (body.countryCode?.toUpperCase() ?? null);
  if (!body.mosqueId && !body.prayerTimetableId && newCity) {
    const place = placeDefaults(body.countryCode, body.countryName, body.lat, body.lng);
    if (body.prayerCalcMethod === place.prayerCalcMethod)
      body.prayerTimetableId = (await defaultTimetableFor(deps.db, body))?.id ?? null;
  }

  const [methodOk, hlatOk, adhaanOk, callTimeOk] = await Promise.all([
    prayerCalcMethodExists(deps.db, body.prayerCalcMethod),
    prayerCalcHighLatExists(deps.db, body.prayerCalcHlat),
    adhaanExists(deps.db, body.fajrAdhaanId),
    callTimePrefExists(deps.db, body.fajrCallDelayPref),
  ]);
  if (!methodOk) throw new BadRequestError(`Unknown prayer calculation method: ${body.prayerCalcMethod}`);
  if (!hlatOk) throw new BadRequestError(`Unknown high latitude rule: ${body.prayerCalcHlat}`);
  if (!adhaanOk) throw new BadRequestError(`Unknown adhaan: ${body.fajrAdhaanId}`);
  if (!callTimeOk) throw new BadRequestError(`Unknown call time preference: ${body.fajrCallDelayPref}`);
  if (body.prayerTimetableId) {
    const timetable = await findPublishedTimetable(deps.db, body.prayerTimetableId);
    if (!timetable) throw new BadRequestError('That published timetable does not exist, please choose another method');
    // Offered only where it was published: the times are the table's, exactly, for that city.
    if (!timetableIsFor(timetable, body.countryCode, body.cityName, body)) {
      throw new BadRequestError(
        `The ${timetable.authority} timetable is published for ${timetable.zoneCode ? `zone ${timetable.zoneCode}` : timetable.cityName}, not for your city: please choose a calculation method`,
      );
    }
  }

  if (body.tzName && !isIanaZone(body.tzName)) throw new BadRequestError(`Unknown time zone: ${body.tzName}`);
  if ((body.lat === null) !== (body.lng === null)) throw new BadRequestError('lat and lng must be given together');

  let tzName: string | null;
  if (body.mosqueId) {
    const mosque = await findActiveMosque(deps.db, body.mosqueId);
    if (!mosque) throw new BadRequestError('That mosque is not available, please select another');
    // Mosque users keep the city they sent (if any); their local dates follow the mosque's zone.
    tzName = body.lat !== null && body.lng !== null ? resolveZone(body.lat, body.lng, body.tzName) : mosque.tzName;
  } else {
    if (!body.cityName || body.lat === null || body.lng === null) throw new BadRequestError('Please choose your city');
    tzName = resolveZone(body.lat, body.lng, body.tzName);
  }

  // Gates apply to changes: a value already stored (e.g. chosen before a downgrade) may be kept.
  const current = stored ?? {
    fajrAdhaanId: DEFAULT_ADHAAN,
    fajrCallTimePref: DEFAULT_CALL_TIME_PREF,
    allowRepeatCalls: false,
  };
  const changesAdhaan = body.fajrAdhaanId !== DEFAULT_ADHAAN && body.fajrAdhaanId !== current.fajrAdhaanId;
  const changesCallTime =
    body.fajrCallDelayPref !== DEFAULT_CALL_TIME_PREF && body.fajrCallDelayPref !== current.fajrCallTimePref;
  if ((changesAdhaan && !gates.canChooseAdhaan) || (changesCallTime && !gates.canChooseCallTime))
    throw new ForbiddenError(UPGRADE_TO_PLUS);
  if (body.allowRepeatCalls && !current.allowRepeatCalls && !gates.canRepeatCalls)
    throw new ForbiddenError(UPGRADE_TO_PREMIUM);

  const next: Preferences = {
    countryName: body.countryName,
    countryCode: body.countryCode?.toUpperCase() ?? null,
    cityName: body.cityName,
    lat: body.lat,
    lng: body.lng,
    tzName,
    prayerCalcMethod: body.prayerCalcMethod,
    prayerCalcHlat: body.prayerCalcHlat,
    polarConvention: body.polarConvention,
    prayerTimetableId: body.prayerTimetableId,
    mosqueId: body.mosqueId,
    allowCalls: body.allowCalls,
    fajrAdhaanId: body.fajrAdhaanId,
    fajrCallTimePref: body.fajrCallDelayPref,
    allowRepeatCalls: body.allowRepeatCalls,
    // Not part of this form: switched on its own (saveToggle).
    awakeCheck: stored?.awakeCheck ?? true,
    mosqueLeadMinutes: body.mosqueLeadMinutes ?? stored?.mosqueLeadMinutes ?? 30,
    // Not part of this form either: its own switch (saveToggle).
    jamaahChangeSms: stored?.jamaahChangeSms ?? false,
    // The last call before sunrise: its own switch too (saveToggle).
    sunriseCall: stored?.sunriseCall ?? false,
    sunriseCallMinutes: stored?.sunriseCallMinutes ?? 20,
    // Tahajjud calls (issue 47 point 4): kept as stored; this form does not carry them.
    tahajjudCall: stored?.tahajjudCall ?? false,
    tahajjudPoint: stored?.tahajjudPoint ?? 'start',
    tahajjudMinutes: stored?.tahajjudMinutes ?? TAHAJJUD_MINUTES.default,
    tahajjudNights: stored?.tahajjudNights ?? 'every',
  };
  await upsertPreferences(deps.db, userId, next, deps.now());
  await replan(deps, userId);
  return { message: 'Updated preferences' };
}

/** The instant switches of the settings screen: calls on/off, repeat of unanswered calls on/off (Premium to switch on). */
export async function saveToggle(deps: Deps, userId: string, rawBody: unknown): Promise<{ message: string }> {
  const body = parse(togglesBody, rawBody);
  if ('allowCalls' in body) {
    await gatesFor(deps, userId);
    await upsertPreferences(deps.db, userId, { allowCalls: body.allowCalls }, deps.now());
    await replan(deps, userId);
    return { message: body.allowCalls ? 'Fajr calls enabled' : 'Fajr calls disabled' };
  }
  if ('awakeCheck' in body) {
    // Every plan: it asks for a key press, it takes nothing away.
    await gatesFor(deps, userId);
    await upsertPreferences(deps.db, userId, { awakeCheck: body.awakeCheck }, deps.now());
    return { message: body.awakeCheck ? 'Awake check enabled' : 'Awake check disabled' };
  }
  if ('jamaahChangeSms' in body) {
    // Every plan: a text the member asked for, sent only to their proved number (issue 46 point 4).
    await gatesFor(deps, userId);
    await upsertPreferences(deps.db, userId, { jamaahChangeSms: body.jamaahChangeSms }, deps.now());
    return { message: body.jamaahChangeSms ? 'Mosque change texts enabled' : 'Mosque change texts disabled' };
  }
  if ('sunriseCall' in body) return saveSunriseCall(deps, userId, body);
  if ('tahajjudCall' in body) return saveTahajjudCall(deps, userId, body);
  const [stored, gates] = await Promise.all([findPreferences(deps.db, userId), gatesFor(deps, userId)]);
  if (body.allowRepeatCalls && !stored?.allowRepeatCalls && !gates.canRepeatCalls)
    throw new ForbiddenError(UPGRADE_TO_PREMIUM);
  await upsertPreferences(deps.db, userId, { allowRepeatCalls: body.allowRepeatCalls }, deps.now());
  await replan(deps, userId);
  return { message: body.allowRepeatCalls ? 'Fajr repeated calls enabled' : 'Fajr repeated calls disabled' };
}

/**
 * Tahajjud calls (issue 47 point 4): switching them on takes Premium (checked here, at planning and
 * again before every dial); switching off or changing the point, minutes or nights never does.
 * Re-plans: the chain's plan carries tonight's call (one already started is re-checked at its dial).
 */
async function saveTahajjudCall(
  deps: Deps,
  userId: string,
  body: Extract<z.infer<typeof togglesBody>, { tahajjudCall: boolean }>,
): Promise<{ message: string }> {
  const [stored, gates] = await Promise.all([findPreferences(deps.db, userId), gatesFor(deps, userId)]);
  if (body.tahajjudCall && !stored?.tahajjudCall && !gates.canCallForTahajjud)
    throw new ForbiddenError(UPGRADE_TO_PREMIUM);
  const { tahajjudCall, tahajjudPoint, tahajjudMinutes, tahajjudNights } = body;
  const changes = {
    tahajjudCall,
    ...(tahajjudPoint !== undefined ? { tahajjudPoint } : {}),
    ...(tahajjudMinutes !== undefined ? { tahajjudMinutes } : {}),
    ...(tahajjudNights !== undefined ? { tahajjudNights } : {}),
  };
  await upsertPreferences(deps.db, userId, changes, deps.now());
  await replan(deps, userId);
  return { message: tahajjudCall ? 'Tahajjud calls enabled' : 'Tahajjud calls disabled' };
}

/**
 * The last call before sunrise (issue 47 point 1): switching it on takes Premium (checked here, and
 * again before every dial); switching it off, or changing the minutes of one already on, never does.
 * Re-plans: the chain's plan tells the day's call whether to ask for it (a day already armed keeps
 * its plan; switching off stops it at once, by the dial's re-check).
 */
async function saveSunriseCall(
  deps: Deps,
  userId: string,
  body: { sunriseCall: boolean; sunriseCallMinutes?: number },
): Promise<{ message: string }> {
  const [stored, gates] = await Promise.all([findPreferences(deps.db, userId), gatesFor(deps, userId)]);
  if (body.sunriseCall && !stored?.sunriseCall && !gates.canCallBeforeSunrise)
    throw new ForbiddenError(UPGRADE_TO_PREMIUM);
  const changes = {
    sunriseCall: body.sunriseCall,
    ...(body.sunriseCallMinutes !== undefined ? { sunriseCallMinutes: body.sunriseCallMinutes } : {}),
  };
  await upsertPreferences(deps.db, userId, changes, deps.now());
  await replan(deps, userId);
  return { message: body.sunriseCall ? 'Last call before sunrise enabled' : 'Last call before sunrise disabled' };
}

/**
 * The user keeps their own method and rule over their city's suggestion (settings' "Keep my settings"):
 * it is not offered again, until it changes (another city, an improved default). Nothing else changes.
 */
export async function declineSuggestion(deps: Deps, userId: string, rawBody: unknown): Promise<{ message: string }> {
  const body = parse(declineSuggestionBody, rawBody);
  const stored = await findPreferences(deps.db, userId);
  const current = stored ? placeSuggestion(stored, null) : null;
  if (!current) throw new ConflictError('Your settings have no city, so there is no suggestion to keep yours over');
  // Only the suggestion the user was shown: one that changed since (a new city saved elsewhere) is a new question.
  if (suggestionKey(body) !== suggestionKey(current))
    throw new ConflictError("That is no longer your city's suggestion: please reload your settings");
  await declinePlaceSuggestion(deps.db, userId, suggestionKey(current), deps.now());
  return { message: 'Kept your settings' };
}
