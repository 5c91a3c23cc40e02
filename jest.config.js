// One jest run covers every workspace; each workspace owns its jest project config.
// Run it through `npm test`, which provisions the real servers (Postgres, Temporal) first.
// `npm run test:unit|int|e2e` set FAJR_TEST_TIER: the projects of that tier (the node projects
// pick their unit or integration files themselves, scripts/jest-project.js; docs/DEVELOPING.md "Test tiers").
const SERVER = ['migrations', 'activities', 'workflows', 'worker', 'api', 'scripts'];
const TIERS = {
  unit: [...SERVER, 'web'],
  int: SERVER,
  e2e: ['e2e'],
};
const ALL = [...SERVER, 'web', 'e2e', 'faults', 'faults/cluster.jest.config.js'];

/** @type {import('jest').Config} */
module.exports = {
  projects: (TIERS[process.env.FAJR_TEST_TIER] ?? ALL).map((p) => `<rootDir>/${p}`),
};
