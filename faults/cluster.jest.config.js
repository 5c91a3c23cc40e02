const { nodeProject } = require('../scripts/jest-project');

// The production shape under faults (a real Temporal server on Postgres, two workers, two APIs): its
// bounds are on dial lateness, so a full `npm test` runs this project alone, after the others, where
// no other suite competes for the two cores (scripts/src/test.ts).
module.exports = nodeProject('cluster', { testMatch: ['<rootDir>/cluster.test.ts'], testTimeout: 600_000 });
