// Workflow ids are business keys: one per user (calls, trial, test call), one per user per local date (a day's call).
export const fajrCallsWorkflowId = (userId: string) => `fajr-calls:${userId}`;
export const fajrCallWorkflowId = (userId: string, localDate: string) => `fajr-call:${userId}:${localDate}`;
// A Fajr friend's chain and day calls: the friend id (never their number), like a user's.
export const friendCallsWorkflowId = (friendId: string) => `friend-calls:${friendId}`;
export const friendCallWorkflowId = (friendId: string, localDate: string) => `friend-call:${friendId}:${localDate}`;
// The last call before sunrise (issue 47 point 1): a day's child of fajrCall, under its own workflow type.
export const sunriseCallWorkflowId = (userId: string, localDate: string) => `sunrise-call:${userId}:${localDate}`;
// A tahajjud call (issue 47 point 4): the night before a day's call, started by the chain, its own workflow type.
export const tahajjudCallWorkflowId = (userId: string, localDate: string) => `tahajjud-call:${userId}:${localDate}`;
export const testCallWorkflowId = (userId: string) => `test-call:${userId}`;
export const trialWorkflowId = (userId: string) => `trial:${userId}`;
export const oneTimeCodeWorkflowId = (purpose: string, subject: string) => `otp:${purpose}:${subject}`;
