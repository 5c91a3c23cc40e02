/**
 * A select whose chosen value may be a sentence (the polar-day rules, long method names): it wraps
 * instead of being cut off with an ellipsis on a phone's 390 px.
 */
export const WRAPPING_SELECT_SX = {
  '& .MuiSelect-select': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;
