// The workflows the accounts integration tests run: this helper's own, and the stand-in call chain
// of the trial tests (it counts `prefsChanged` signals; the real fajrCalls belongs to the calls code).
export { oneTimeCode } from '@fajr/workflows/one-time-code.workflow';
export { trial, fajrCalls } from '@fajr/workflows/trial.workflow.fixtures';
