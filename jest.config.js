// One jest run covers every workspace; each workspace owns its jest project config.
// Run it through `npm test`, which provisions the real servers (Postgres, Temporal) first.
/** @type {import('jest').Config} */
module.exports = {
  projects: [
    '<rootDir>/migrations',
    '<rootDir>/activities',
    '<rootDir>/workflows',
    '<rootDir>/worker',
    '<rootDir>/api',
    '<rootDir>/web',
    '<rootDir>/scripts',
    '<rootDir>/e2e',
    '<rootDir>/faults',
    '<rootDir>/faults/cluster.jest.config.js',
  ],
};
