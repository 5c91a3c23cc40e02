// The workflows package, whole: the worker's workflowsPath (every exported function is a workflow
// type) and the one place callers (the API, the worker's reconcile, tests) import workflow
// definitions from — the workflow functions themselves (their names and argument types), signals,
// queries, updates, id functions and search attributes — so no caller repeats a name as a string.
// Deterministic code only.
export { oneTimeCode, requestCodeUpdate, codeCompletedSignal } from './one-time-code.workflow';
export type { OneTimeCodeInput, CodeRequestResult, OneTimeCodeOutcome } from './one-time-code.workflow';
export { trial, subscribedSignal } from './trial.workflow';
export type { TrialInput, TrialOutcome } from './trial.workflow';
export { fajrCalls, prefsChangedSignal, fajrCallsStateQuery } from './fajr-calls.workflow';
export type { FajrCallsInput, FajrCallsState } from './fajr-calls.workflow';
export { fajrCall, fajrCallStateQuery, REPEAT_AFTER_MS, RING_THROUGH_WITHIN_MS } from './fajr-call.workflow';
export type { FajrCallInput, FajrCallResult } from './fajr-call.workflow';
export { sunriseCall, sunriseCallStateQuery, SUNRISE_ATTEMPT } from './sunrise-call.workflow';
export type { SunriseCallInput, SunriseCallResult } from './sunrise-call.workflow';
export { tahajjudCall, tahajjudCallStateQuery, TAHAJJUD_ATTEMPT } from './tahajjud-call.workflow';
export type { TahajjudCallInput, TahajjudCallResult } from './tahajjud-call.workflow';
export { testCall } from './test-call.workflow';
export type { TestCallInput, TestCallResult } from './test-call.workflow';
export { callStatusChangedSignal } from './calls';
export { timetableUpkeep, TIMETABLE_UPKEEP_SCHEDULE_ID } from './timetable-upkeep.workflow';
export { mosqueFreshness, MOSQUE_FRESHNESS_SCHEDULE_ID } from './mosque-freshness.workflow';
export { mosqueReplan, mosqueReplanWorkflowId, mosqueTimesChangedSignal } from './mosque-replan.workflow';
export { jamaahChangeEvening, JAMAAH_CHANGE_EVENING_SCHEDULE_ID } from './jamaah-change-evening.workflow';
export {
  fajrCallsWorkflowId,
  fajrCallWorkflowId,
  friendCallsWorkflowId,
  friendCallWorkflowId,
  sunriseCallWorkflowId,
  tahajjudCallWorkflowId,
  testCallWorkflowId,
  trialWorkflowId,
  oneTimeCodeWorkflowId,
} from './ids';
export { UserIdKey, CallDateKey, CallOutcomeKey, WokenByKey, customSearchAttributes } from './search-attributes';
