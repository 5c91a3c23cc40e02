// The plans and what each adds, shown by the plan cards and the FAQ.
import type { Plan } from '@fajr/api/contracts/common';

/** SPEC section 6: what each tier adds. */
export const tiers: Array<{ plan: Plan; tier: string; name: string; features: string[] }> = [
  {
    plan: 'BASIC',
    tier: 'TIER1',
    name: 'Basic',
    features: ['Daily Fajr wake-up calls', 'Local mosque Fajr timings', 'Automatic Fajr time scheduling'],
  },
  {
    plan: 'PLUS',
    tier: 'TIER2',
    name: 'Plus',
    features: [
      'Everything in Basic',
      'Fajr call statistics',
      'Custom adhaans',
      'Call time preferences',
      'Do-not-disturb detection',
    ],
  },
  {
    plan: 'PREMIUM',
    tier: 'TIER3',
    name: 'Premium',
    features: [
      'Everything in Plus',
      'Repeat of unanswered Fajr calls',
      'Additional phone number',
      'Personalised Fajr calls for friends',
    ],
  },
];
