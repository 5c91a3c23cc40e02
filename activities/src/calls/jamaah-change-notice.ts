import type { PlannedDay } from '../domain/planning';
import type { CallPlanSource } from '../repositories/call-plans.repository';

/**
 * What a day's call carries to say at its end when the member's mosque moves its jama'ah tomorrow
 * (issue 46 point 4): the mosque's name and tomorrow's time. Planned with the day, it travels in the
 * plan, the day's fajrCall input and the dial's input (a mosque's name and a time: nothing secret).
 */
export interface JamaahChangeNotice {
  mosqueName: string;
  /** The local date from which the new time holds (tomorrow). */
  date: string;
  /** Tomorrow's jama'ah (ISO with the mosque's offset): the call reads its clock time. */
  jamaahAt: string;
}

/** `{ jamaahChange }` when the planned day tells of tomorrow's change, else nothing to spread into the plan. */
export function jamaahChangeOf(
  src: CallPlanSource,
  day: PlannedDay,
): { jamaahChange: JamaahChangeNotice } | Record<string, never> {
  if (!day.jamaahChange || src.base?.kind !== 'mosque' || !src.base.mosqueName) return {};
  return { jamaahChange: { mosqueName: src.base.mosqueName, ...day.jamaahChange } };
}
