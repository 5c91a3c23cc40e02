const { nodeProject } = require('../scripts/jest-project');

// Browser tests drive the whole stack; they are slow, so each gets a generous timeout (set in setup.ts).
module.exports = nodeProject('e2e', {
  testMatch: ['<rootDir>/**/*.e2e.test.ts'],
  setupFilesAfterEnv: ['<rootDir>/setup.ts'],
});
