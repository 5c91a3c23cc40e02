/** @type {import('jest').Config} */
module.exports = {
  displayName: 'web',
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // ICU message formatting ships as ES modules only: compiled like the app's own code.
  transformIgnorePatterns: ['/node_modules/(?!(intl-messageformat|@formatjs|i18next-icu)/)'],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  moduleNameMapper: {
    '\\.(css|svg|png|jpg|mp3|wav)$': '<rootDir>/src/test/file-stub.js',
    '(^|/)import-meta-env$': '<rootDir>/src/test/import-meta-env.js',
  },
};
