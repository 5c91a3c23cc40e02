// Zod-free, so the public pages' mosque picker does not load the settings' schemas (bench:web).

/** How long before the mosque's Fajr jama'ah a mosque call comes unless the member chooses (SPEC section 5). */
export const MOSQUE_CALL_LEAD_MINUTES = 30;

/** A jama'ah moving this much or more from one day to the next is told to members (issue 46 point 4; the
 * planner's JAMAAH_CHANGE_MINUTES, activities/src/domain/planning/jamaah-change.ts). */
export const JAMAAH_CHANGE_MINUTES = 5;
