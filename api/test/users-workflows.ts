// The workflows the accounts integration tests run: this helper's own (the call chain that sign-up
// signals belongs to the calls code; a missing type only leaves that workflow waiting for a worker).
export { oneTimeCode } from '@fajr/workflows/one-time-code.workflow';
export { trial } from '@fajr/workflows/trial.workflow';
