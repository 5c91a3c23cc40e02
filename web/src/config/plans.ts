// The plans and what each adds, shown by the plan cards and the FAQ.
import type { Plan } from '@fajr/api/contracts/common';
import { i18n } from '../i18n/i18n';

/** A plan feature's key under `plans.features` in the subscriptions namespace. */
export type PlanFeature =
  | 'dailyCalls'
  | 'mosqueTimings'
  | 'autoScheduling'
  | 'everythingInBasic'
  | 'stats'
  | 'customAdhaans'
  | 'callTimePrefs'
  | 'dnd'
  | 'everythingInPlus'
  | 'repeatCalls'
  | 'secondNumber'
  | 'friends';

export interface Tier {
  plan: Plan;
  tier: string;
  /** The plan's name, a brand word shown as it is in every language (Basic, Plus, Premium). */
  name: string;
  featureKeys: readonly PlanFeature[];
  /** The features in the language shown now (read at render time; components with `t` use featureKeys). */
  readonly features: string[];
}

const tier = (plan: Plan, tierName: string, name: string, featureKeys: PlanFeature[]): Tier => ({
  plan,
  tier: tierName,
  name,
  featureKeys,
  get features() {
    return featureKeys.map((key) => i18n.t(`plans.features.${key}`, { ns: 'subscriptions' }));
  },
});

/** SPEC section 6: what each tier adds. */
export const tiers: Tier[] = [
  tier('BASIC', 'TIER1', 'Basic', ['dailyCalls', 'mosqueTimings', 'autoScheduling']),
  tier('PLUS', 'TIER2', 'Plus', ['everythingInBasic', 'stats', 'customAdhaans', 'callTimePrefs', 'dnd']),
  tier('PREMIUM', 'TIER3', 'Premium', ['everythingInPlus', 'repeatCalls', 'secondNumber', 'friends']),
];
