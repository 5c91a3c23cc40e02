import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

// Custom search attributes operators filter on in the Temporal UI; all Keyword so that exact
// matches (`CallDate = "2026-11-22"`) work. The start command and the tests register them.
export const UserIdKey = defineSearchAttributeKey('UserId', SearchAttributeType.KEYWORD);
export const CallDateKey = defineSearchAttributeKey('CallDate', SearchAttributeType.KEYWORD);
export const CallOutcomeKey = defineSearchAttributeKey('CallOutcome', SearchAttributeType.KEYWORD);
/** Which of a morning's attempts woke the user: fajr, ring-through, second-number or repeat (unset when none did). */
export const WokenByKey = defineSearchAttributeKey('WokenBy', SearchAttributeType.KEYWORD);

export const customSearchAttributes = [UserIdKey, CallDateKey, CallOutcomeKey, WokenByKey] as const;

/** What a call's workflow starts with: whose, for which day, outcome still pending (set as it ends). */
export const pendingCallAttributes = (userId: string, callDate: string) => [
  { key: UserIdKey, value: userId },
  { key: CallDateKey, value: callDate },
  { key: CallOutcomeKey, value: 'pending' },
];
