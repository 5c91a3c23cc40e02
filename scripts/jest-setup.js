// Real servers on a shared two-core machine: a generous ceiling so slowness never fails a test
// (a project's own `testTimeout` is ignored by jest in a multi-project run; this is not).
jest.setTimeout(60_000);
