// The workflows the worker runs (this file is the worker's workflowsPath). Deterministic code only.
export {};
export { oneTimeCode } from './one-time-code.workflow';
export { trial } from './trial.workflow';
export { fajrCalls } from './fajr-calls.workflow';
export { fajrCall } from './fajr-call.workflow';
export { testCall } from './test-call.workflow';
