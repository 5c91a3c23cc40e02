import type { CalcMethod } from './method';

/** Variants users of one country choose between (they name no authority). */
export const VARIANTS = [
  {
    id: 'France15',
    label: 'France (15°) — some French mosques',
    aladhanId: null,
    fajrAngle: 15,
    ishaAngle: 15,
    namesNoAuthority: true,
    description:
      'No single authority: Fajr at 15°, a middle course between the UOIF’s 12° and 18°. Used by some mosques in ' +
      'France.',
    reference: 'https://aladhan.com/calculation-methods',
  },
  {
    id: 'France18',
    label: 'France (18°) — some French mosques',
    aladhanId: null,
    fajrAngle: 18,
    ishaAngle: 18,
    namesNoAuthority: true,
    description: 'No single authority: Fajr at the classical 18°. Used by some mosques in France.',
    reference: 'https://aladhan.com/calculation-methods',
  },
] as const satisfies readonly CalcMethod[];
