const { nodeProject } = require('../scripts/jest-project');

// Fault and fuzz tests: they kill and restart real servers and send thousands of requests, so each
// test gets a generous ceiling (it is never a timing assertion).
module.exports = nodeProject('faults', { testMatch: ['<rootDir>/**/*.test.ts'], testTimeout: 600_000 });
