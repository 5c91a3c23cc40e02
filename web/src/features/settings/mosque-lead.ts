// Zod-free, so the public pages' mosque picker does not load the settings' schemas (bench:web).

/** How long before the mosque's Fajr jama'ah a mosque call comes unless the member chooses (SPEC section 5). */
export const MOSQUE_CALL_LEAD_MINUTES = 30;
