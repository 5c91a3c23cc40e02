// Workflow ids are business keys: one per user (calls, trial, test call), one per user per local date (a day's call).
export const fajrCallsWorkflowId = (userId: string) => `fajr-calls:${userId}`;
export const fajrCallWorkflowId = (userId: string, localDate: string) => `fajr-call:${userId}:${localDate}`;
export const testCallWorkflowId = (userId: string) => `test-call:${userId}`;
export const trialWorkflowId = (userId: string) => `trial:${userId}`;
export const oneTimeCodeWorkflowId = (purpose: string, subject: string) => `otp:${purpose}:${subject}`;
