// The jest project settings shared by every Node workspace: TypeScript compiled by swc, Node env.
/** @returns {import('jest').Config} */
function nodeProject(displayName, overrides = {}) {
  return {
    displayName,
    testEnvironment: 'node',
    transform: {
      '^.+\\.tsx?$': [
        '@swc/jest',
        { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
      ],
    },
    testMatch: ['<rootDir>/**/*.test.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    // Real servers on a shared 2-core machine: a generous ceiling, so slowness never fails a test.
    testTimeout: 60_000,
    ...overrides,
  };
}

module.exports = { nodeProject };
