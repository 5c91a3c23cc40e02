/**
 * A select whose chosen value may be a sentence (the polar-day rules, long method names): it wraps
 * instead of being cut off with an ellipsis on a phone's 390 px. The class is doubled because MUI's own
 * `nowrap` rule has the same specificity as a plain one, so which won depended on which style emotion
 * inserted first (a lazy tab rendering before the first select made it cut off again).
 */
export const WRAPPING_SELECT_SX = {
  '& .MuiSelect-select.MuiSelect-select': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;
