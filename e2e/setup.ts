// testTimeout in a project config is ignored by jest (it is a global option): browser tests on the real stack are slow.
jest.setTimeout(180_000);
