/**
 * Who may do what: the one place the levels of SPEC section 6 are decided. The API and the worker
 * both ask here; the web only greys out what this module would refuse anyway.
 *
 * Levels: app user (free, upgrades in the app), web trial (Basic features until the trial ends),
 * web user after the trial (no calls until a plan), BASIC, PLUS (+ stats, adhaans, call time
 * preferences, do-not-disturb detection), PREMIUM (+ repeat of unanswered calls, a second number).
 */
export type Plan = 'BASIC' | 'PLUS' | 'PREMIUM';
export const PLANS: readonly Plan[] = ['BASIC', 'PLUS', 'PREMIUM'];

/** How many Fajr friends a Premium user may have invited or active at once. */
export const MAX_FRIENDS = 3;

export interface EntitlementSubject {
  plan: Plan | null;
  isAppUser: boolean;
  trialEndsAt: Date | null;
}

const DAY_MS = 24 * 3600_000;

export const UPGRADE_TO_PLUS = 'Upgrade to PLUS plan to access this feature';
export const UPGRADE_TO_PREMIUM = 'Upgrade to PREMIUM plan to access this feature';
export const APP_USER_UPGRADE = "Since you're an App user, you'll have to upgrade via the app.";

export interface Entitlements {
  isFree: boolean;
  isPlus: boolean;
  isPremium: boolean;
  /** Whole days left in the trial, rounded up; negative once it has ended; null when there is no trial. */
  freeTrialDaysRemaining: number | null;
  trialActive: boolean;
  canReceiveCalls: boolean;
  canViewStats: boolean;
  canChooseAdhaan: boolean;
  canChooseCallTime: boolean;
  canRepeatCalls: boolean;
  /** Plus: an attempt that reads as a silenced phone is called again within two minutes (docs/CALLS.md). */
  canDetectDoNotDisturb: boolean;
  /** Premium: a second verified number, called at once when the first attempt goes unanswered. */
  canUseSecondNumber: boolean;
  /** Premium: Fajr friends, up to MAX_FRIENDS people invited to their own daily call (docs/CALLS.md). */
  canInviteFriends: boolean;
  /** Premium: the last call before sunrise when the morning's calls woke nobody (issue 47 point 1). */
  canCallBeforeSunrise: boolean;
  /** Premium: tahajjud calls, in the last third of the night before Fajr (issue 47 point 4). */
  canCallForTahajjud: boolean;
  canUpgradeOnWeb: boolean;
}

export function entitlementsOf(s: EntitlementSubject, now: Date): Entitlements {
  const isPlus = s.plan === 'PLUS' || s.plan === 'PREMIUM';
  const isPremium = s.plan === 'PREMIUM';
  const hasTrial = !s.isAppUser && s.trialEndsAt !== null;
  const msLeft = hasTrial ? s.trialEndsAt!.getTime() - now.getTime() : 0;
  // Ceil while time is left ("ends in 1 day" on its last day); once over, count whole days since, as negatives (at least -1).
  const freeTrialDaysRemaining = hasTrial
    ? msLeft > 0
      ? Math.ceil(msLeft / DAY_MS)
      : Math.min(-1, -Math.floor(-msLeft / DAY_MS))
    : null;
  const trialActive = hasTrial && msLeft > 0;
  return {
    isFree: s.plan === null,
    isPlus,
    isPremium,
    freeTrialDaysRemaining,
    trialActive,
    canReceiveCalls: s.plan !== null || s.isAppUser || trialActive,
    canViewStats: isPlus,
    canChooseAdhaan: isPlus,
    canChooseCallTime: isPlus,
    canRepeatCalls: isPremium,
    canDetectDoNotDisturb: isPlus,
    canUseSecondNumber: isPremium,
    canInviteFriends: isPremium,
    canCallBeforeSunrise: isPremium,
    canCallForTahajjud: isPremium,
    canUpgradeOnWeb: !s.isAppUser,
  };
}
