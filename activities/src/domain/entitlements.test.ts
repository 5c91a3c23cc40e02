import { entitlementsOf } from './entitlements';

const now = new Date('2026-11-22T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 24 * 3600_000);

describe('entitlements', () => {
  it('when a web user is in the trial, then calls are on and the days count down', () => {
    const e = entitlementsOf({ plan: null, isAppUser: false, trialEndsAt: days(13.5) }, now);
    expect(e).toMatchObject({
      isFree: true,
      trialActive: true,
      freeTrialDaysRemaining: 14,
      canReceiveCalls: true,
      isPlus: false,
    });
  });

  it('when the trial has ended without a plan, then the days are negative and calls stop', () => {
    const e = entitlementsOf({ plan: null, isAppUser: false, trialEndsAt: days(-2.5) }, now);
    expect(e).toMatchObject({ trialActive: false, freeTrialDaysRemaining: -2, canReceiveCalls: false });
    expect(entitlementsOf({ plan: null, isAppUser: false, trialEndsAt: days(-0.1) }, now).freeTrialDaysRemaining).toBe(
      -1,
    );
  });

  it('when the user is an app user, then calls are free and upgrades happen in the app', () => {
    const e = entitlementsOf({ plan: null, isAppUser: true, trialEndsAt: null }, now);
    expect(e).toMatchObject({ canReceiveCalls: true, freeTrialDaysRemaining: null, canUpgradeOnWeb: false });
  });

  it('when the plan is PLUS, then stats, adhaans and call times are open but not repeats', () => {
    const e = entitlementsOf({ plan: 'PLUS', isAppUser: false, trialEndsAt: days(-30) }, now);
    expect(e).toMatchObject({
      isPlus: true,
      isPremium: false,
      canViewStats: true,
      canChooseAdhaan: true,
      canRepeatCalls: false,
      canReceiveCalls: true,
      canDetectDoNotDisturb: true,
      canUseSecondNumber: false,
      canInviteFriends: false,
    });
  });

  it('when the plan is PREMIUM, then repeats are open too', () => {
    expect(entitlementsOf({ plan: 'PREMIUM', isAppUser: false, trialEndsAt: null }, now)).toMatchObject({
      isPlus: true,
      isPremium: true,
      canRepeatCalls: true,
      canDetectDoNotDisturb: true,
      canUseSecondNumber: true,
      canInviteFriends: true,
    });
    expect(entitlementsOf({ plan: 'BASIC', isAppUser: false, trialEndsAt: null }, now)).toMatchObject({
      canDetectDoNotDisturb: false,
      canUseSecondNumber: false,
    });
  });

  it('when the plan is BASIC, then calls only', () => {
    expect(entitlementsOf({ plan: 'BASIC', isAppUser: false, trialEndsAt: null }, now)).toMatchObject({
      canReceiveCalls: true,
      canViewStats: false,
      isFree: false,
    });
  });
});
