const { nodeProject } = require('../scripts/jest-project');

// Browser tests drive the whole stack; they are slow, so each gets a generous timeout.
module.exports = nodeProject('e2e', { testMatch: ['<rootDir>/**/*.e2e.test.ts'], testTimeout: 180_000 });
