// Workflow code for `startApi({ worker: 'accounts' })`: the accounts workflows the API tests run, and the stand-in call chain
// of the trial tests (it counts `prefsChanged` signals; the real fajrCalls belongs to the calls code).
export { oneTimeCode } from '@fajr/workflows';
export { trial, fajrCalls } from './trial';
