import type { Deps } from '../deps';
import { planDays, PlanningError } from '../domain/planning';
import { phoneRefusal } from '../domain/phone-policy';
import {
  buildCallPlan,
  eligibilityOf,
  loadCallPlanSource,
  type CallPlanSource,
} from '../repositories/call-plans.repository';
import type { CallKind } from '../repositories/calls.repository';
import { loadFriendPlanSource } from '../repositories/friend-plan-source.repository';
import { tahajjudPlanOf } from './tahajjud-plan';

/** Who a call is for and whether it may be placed: shared by the planning and the dial activities. */
export function callPolicy(deps: Deps) {
  const { db, config } = deps;
  /** The planning inputs of whoever this call is for: the user, or a Fajr friend (friend-plan-source.repository). */
  const sourceOf = (input: { userId: string; friendId?: string }, now: Date) =>
    input.friendId ? loadFriendPlanSource(db, input.friendId, now) : loadCallPlanSource(db, input.userId, now);

  /** Whether the policy lets us phone this user's number (allowed country and number type). */
  const callable = (src: CallPlanSource) =>
    !src.phoneNumber || phoneRefusal(src.phoneNumber, config.PHONE_COUNTRIES) === null;
  /** The Premium second number, when it may be called now (verified, Premium, the policy allows it). */
  const secondNumberOf = (src: CallPlanSource) =>
    src.entitlements.canUseSecondNumber &&
    src.secondPhoneNumber &&
    phoneRefusal(src.secondPhoneNumber, config.PHONE_COUNTRIES) === null
      ? src.secondPhoneNumber
      : null;
  /** The number an attempt dials: the second number for its attempt, the user's own otherwise. */
  const numberFor = (src: CallPlanSource, kind: CallKind) =>
    kind === 'second-number' ? secondNumberOf(src) : src.phoneNumber;

  /** Re-checks, shortly before the slot, that this call is still wanted; the reason when not. */
  async function stillWanted(
    src: CallPlanSource | undefined,
    input: { kind: CallKind; callDate: string; plannedAt: string; dayCallAt?: string },
  ): Promise<string | null> {
    if (input.kind === 'test') {
      if (!src) return 'deleted';
      if (!src.phoneNumber) return 'no-phone';
      if (!src.phoneVerified) return 'phone-unverified';
      if (!callable(src)) return 'phone-refused';
      return null;
    }
    const eligibility = eligibilityOf(src);
    if (eligibility !== 'ready') return eligibility;
    if (!callable(src!)) return 'phone-refused';
    if (input.kind === 'repeat' && !(src!.entitlements.canRepeatCalls && src!.allowRepeatCalls))
      return 'repeat-not-allowed';
    if (input.kind === 'ring-through' && !src!.entitlements.canDetectDoNotDisturb) return 'ring-through-not-allowed';
    if (input.kind === 'second-number' && !secondNumberOf(src!)) return 'second-number-not-allowed';
    if (input.kind === 'sunrise' && !(src!.entitlements.canCallBeforeSunrise && src!.sunriseCallMinutes !== null))
      return 'sunrise-call-not-allowed';
    const plan = await buildCallPlan(db, src!, input.callDate, 1);
    let day;
    try {
      day = plan ? planDays(plan, input.callDate, 1)[0] : undefined;
    } catch (err) {
      if (err instanceof PlanningError) return 'plan-changed';
      throw err;
    }
    if (!day || day.status !== 'call' || Date.parse(day.callAt!) !== Date.parse(input.dayCallAt ?? input.plannedAt))
      return 'plan-changed';
    // A tahajjud call (issue 47 point 4): still Premium, still switched on, tonight still chosen, at the same minute.
    if (input.kind === 'tahajjud') {
      const tahajjud = await tahajjudPlanOf(db, src!, day);
      if (!tahajjud) return 'tahajjud-not-allowed';
      if (!('callAt' in tahajjud) || Date.parse(tahajjud.callAt) !== Date.parse(input.plannedAt)) return 'plan-changed';
    }
    return null;
  }

  return { sourceOf, callable, secondNumberOf, numberFor, stillWanted };
}

export type CallPolicy = ReturnType<typeof callPolicy>;
