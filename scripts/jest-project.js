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
    setupFilesAfterEnv: [require.resolve('./jest-setup.js')],
    ...overrides,
  };
}

module.exports = { nodeProject };
