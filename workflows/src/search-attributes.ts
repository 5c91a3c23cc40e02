import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

// Custom search attributes operators filter on in the Temporal UI; all Keyword so that exact
// matches (`CallDate = "2026-11-22"`) work. The start command and the tests register them.
export const UserIdKey = defineSearchAttributeKey('UserId', SearchAttributeType.KEYWORD);
export const CallDateKey = defineSearchAttributeKey('CallDate', SearchAttributeType.KEYWORD);
export const CallOutcomeKey = defineSearchAttributeKey('CallOutcome', SearchAttributeType.KEYWORD);

export const customSearchAttributes = [UserIdKey, CallDateKey, CallOutcomeKey] as const;
