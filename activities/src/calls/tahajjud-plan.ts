import type { Knex } from 'knex';
import { fajrAndSunrise, paramsFor, PlanningError, type PlannedDay, type Place } from '../domain/planning';
import { planTahajjud, type TahajjudSkip } from '../domain/tahajjud-call';
import type { CallPlanSource } from '../repositories/call-plans.repository';
import { findTahajjudPrefs } from '../repositories/tahajjud.repository';

/**
 * The night's tahajjud call before a day's Fajr call (issue 47 point 4): when it comes and the sunset
 * that began the night, or why there is none tonight (the user's night not chosen, no night at their
 * place, too close to the Fajr call), so the chain's state can say so.
 */
export type TahajjudPlan = { callAt: string; sunsetAt: string } | { skipped: TahajjudSkip | 'no-fajr' };

/**
 * The tahajjud call before `day`'s Fajr call, or null when the user may not have it (Premium and their
 * switch). The night is the user's own: sunset the evening before at their place (the mosque's for a
 * member) to that day's Fajr (the published table's when they chose one; a member's calculated Fajr,
 * not the jama'ah).
 */
export async function tahajjudPlanOf(
  db: Knex,
  src: CallPlanSource,
  day: Pick<PlannedDay, 'date' | 'fajrAt' | 'callAt'>,
): Promise<TahajjudPlan | null> {
  if (!src.entitlements.canCallForTahajjud || !src.base || !src.tzName || !day.callAt) return null;
  const prefs = await findTahajjudPrefs(db, src.userId);
  if (!prefs) return null;
  const fajrAt = src.base.kind === 'home' ? (day.fajrAt ? new Date(day.fajrAt) : null) : calculatedFajr(src, day.date);
  if (!fajrAt) return { skipped: 'no-fajr' };
  const d = planTahajjud({
    place: src.base,
    callDate: day.date,
    fajrAt,
    fajrCallAt: new Date(day.callAt),
    prefs,
  });
  return d.status === 'call'
    ? { callAt: d.callAt.toISOString(), sunsetAt: d.sunsetAt.toISOString() }
    : { skipped: d.reason };
}

/** A mosque member's Fajr at the mosque's place by their method (the plan's day has the jama'ah instead). */
function calculatedFajr(src: CallPlanSource, date: string): Date | null {
  const place: Place = {
    lat: src.base!.lat,
    lng: src.base!.lng,
    tzName: src.tzName!,
    calcMethod: src.calcMethod,
    highLatRule: src.highLatRule,
    polarConvention: src.polarConvention,
  };
  try {
    return fajrAndSunrise(place, date, paramsFor(place)).fajr;
  } catch (err) {
    if (err instanceof PlanningError) return null;
    throw err;
  }
}
