const { nodeProject } = require('../scripts/jest-project');

// Fault and fuzz tests: they kill and restart real servers and send thousands of requests, so each
// test gets a generous ceiling (it is never a timing assertion). The cluster test is its own project
// (cluster.jest.config.js): `npm test` runs it alone, after everything else.
module.exports = nodeProject('faults', {
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/cluster.test.ts'],
  testTimeout: 600_000,
});
