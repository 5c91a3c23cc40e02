// The jest project settings shared by every Node workspace: TypeScript compiled by swc, Node env.
// Under FAJR_TEST_TIER=unit a project runs its unit tests only, under int its `*.int.test.ts` only
// (scripts/src/test.ts sets it for `npm run test:unit` / `test:int`).
const INT = '\\.int\\.test\\.ts$';
const tier = process.env.FAJR_TEST_TIER;

/** @returns {import('jest').Config} */
function nodeProject(displayName, overrides = {}) {
  const config = {
    displayName,
    testEnvironment: 'node',
    transform: {
      '^.+\\.tsx?$': [
        '@swc/jest',
        { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
      ],
      // ICU message formatting (the server's message catalogues) ships as ES modules only: compiled here.
      '/node_modules/(intl-messageformat|@formatjs)/.+\\.js$': [
        '@swc/jest',
        { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
      ],
    },
    transformIgnorePatterns: ['/node_modules/(?!(intl-messageformat|@formatjs)/)'],
    testMatch: ['<rootDir>/**/*.test.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    setupFilesAfterEnv: [require.resolve('./jest-setup.js')],
    ...overrides,
  };
  if (tier === 'unit') config.testPathIgnorePatterns = [...config.testPathIgnorePatterns, INT];
  if (tier === 'int') config.testRegex = INT;
  if (tier === 'int') delete config.testMatch;
  return config;
}

module.exports = { nodeProject };
