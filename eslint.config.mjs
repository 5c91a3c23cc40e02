// Lint rules, with the import boundaries of DESIGN.md ("what may import what") as errors.
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import prettierConfig from 'eslint-config-prettier';
import i18next from 'eslint-plugin-i18next';

const nodeBuiltins = [
  'assert',
  'buffer',
  'child_process',
  'crypto',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'https',
  'net',
  'os',
  'path',
  'process',
  'stream',
  'timers',
  'tls',
  'url',
  'util',
  'worker_threads',
  'zlib',
];
const restrict = (patterns, paths = []) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths }],
});
const typesOnly = (group, message) => ({ group, message, allowTypeImports: true });
const never = (group, message) => ({ group, message });
// Folders of activities/src, as relative imports name them ('../repositories/x', '../../domain/y').
const layer = (...names) => names.flatMap((n) => [`**/${n}`, `**/${n}/**`]);
const below = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const adaptersBelow = never(
  layer('calls', 'codes', 'trial', 'deps'),
  'Adapters import the domain and repositories, never activities.',
);
// import-x/no-cycle skips type-only imports, so the circles they can close are kept out by shape:
const noIndex = {
  regex: '(^|/)(index|\\.{1,2})/?$',
  message:
    'Import the module itself (./types, ./local), not an index: an implementation importing its own index closes a circle.',
};
const typesFromTypes = {
  regex: '^\\.(?!.*/(types|errors)$)(?!.*/(domain|repositories)/)',
  message:
    'A types.ts imports only other types.ts, errors, the domain and repositories: types never depend on implementations.',
};
const apiNever = never(
  ['@fajr/worker', '@fajr/worker/**', '@fajr/web', '@fajr/web/**'],
  'The API never imports the worker or the web.',
);
const apiNoAdapters = never(
  ['@fajr/activities/adapters', '@fajr/activities/adapters/**'],
  'The API reaches providers through its deps; import their types from @fajr/activities/providers.',
);
// Workflow types, signals and updates are named by the definitions @fajr/workflows exports, never by a string.
const temporalByName = [
  {
    selector:
      "CallExpression[callee.object.property.name='workflow'][callee.property.name=/^(start|execute|signalWithStart)$/][arguments.0.type='Literal']",
    message: 'Start workflows with the function @fajr/workflows exports, not its name as a string.',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(signal|signalWithStart|executeUpdate|executeUpdateWithStart|startUpdate)$/][arguments.0.type='Literal']",
    message: 'Use the signal/update definition @fajr/workflows exports, not its name as a string.',
  },
  {
    selector: "NewExpression[callee.name='WithStartWorkflowOperation'][arguments.0.type='Literal']",
    message: 'Use the workflow function @fajr/workflows exports, not its name as a string.',
  },
];
const processEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read process.env only in a config module.',
};

// The web's import rules, for every web file; the layer blocks below add theirs to these.
const webTests = ['web/src/test/**', 'web/src/**/*.test.{ts,tsx}'];
const webPatterns = [
  never(
    [
      '@fajr/activities',
      '@fajr/activities/**',
      '@fajr/workflows',
      '@fajr/workflows/**',
      '@fajr/worker',
      '@fajr/worker/**',
      '@fajr/migrations',
      '@fajr/migrations/**',
      '@fajr/scripts',
      '@fajr/scripts/**',
    ],
    'The web imports only its own code and the API contracts.',
  ),
  { regex: '^@fajr/api(?!/contracts)', message: 'The web may import only @fajr/api/contracts/*.' },
  never(
    nodeBuiltins.map((m) => `node:${m}`),
    'No Node built-ins in the browser.',
  ),
];
const webShared = ['components', 'lib', 'hooks', 'config', 'theme', 'api', 'i18n'];
const webDepths = [0, 1, 2, 3, 4];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'e2e/screenshots/**',
      'bench/results/**',
      '**/*.js',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', processEnv, ...temporalByName],
    },
  },
  {
    // Config modules, test support and tests may read the environment.
    files: [
      '**/config.ts',
      '**/config/env.ts',
      'scripts/src/testing/**',
      'scripts/src/test.ts',
      'scripts/src/start.ts',
      'scripts/src/lib/**',
      'web/vite.config.ts',
      'migrations/src/testing.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'bench/**',
      'e2e/**',
      'faults/**',
      '**/test/**',
    ],
    // Tests read loosely typed JSON answers on purpose.
    rules: { 'no-restricted-syntax': ['error', ...temporalByName], '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Workflow code, including the stand-in workflows tests bundle.
    files: ['workflows/src/**/*.ts', 'scripts/src/testing/workflows/**/*.ts'],
    ignores: ['workflows/src/**/*.test.ts'],
    rules: restrict([
      never(
        [...nodeBuiltins, ...nodeBuiltins.map((m) => `node:${m}`)],
        'Workflows are deterministic: no Node built-ins.',
      ),
      never(
        ['knex', 'pg', 'twilio', 'stripe', 'adhan', 'nodemailer', 'luxon'],
        'Workflows do no I/O: put it in an activity.',
      ),
      typesOnly(
        ['@fajr/activities', '@fajr/activities/*', '@fajr/activities/**'],
        'Workflows import activity types only (import type).',
      ),
      never(
        ['@fajr/api', '@fajr/api/**', '@fajr/worker', '@fajr/worker/**', '@fajr/web', '@fajr/web/**'],
        'Not from workflows.',
      ),
    ]),
  },
  {
    files: ['activities/src/**/*.ts'],
    rules: restrict([
      never(['@temporalio/workflow'], 'Activities never import workflow code.'),
      never(
        ['@fajr/api', '@fajr/api/**', '@fajr/worker', '@fajr/worker/**', '@fajr/web', '@fajr/web/**'],
        'Activities never import the api, worker or web.',
      ),
      never(
        ['@fajr/workflows', '@fajr/workflows/**', '@temporalio/client'],
        'Activities do no orchestration: the worker and the API start and signal workflows.',
      ),
    ]),
  },
  {
    // One direction inside activities (docs/DEVELOPING.md): domain <- repositories <- adapters <- calls, codes, trial <- deps, index.
    files: ['activities/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['activities/src/domain/**/*.ts'],
    rules: below(
      never(
        layer('repositories', 'adapters', 'calls', 'codes', 'trial', 'deps'),
        'The domain is pure: it imports only its own modules and libraries.',
      ),
    ),
  },
  {
    files: ['activities/src/repositories/**/*.ts'],
    rules: below(
      never(
        layer('adapters', 'calls', 'codes', 'trial', 'deps'),
        'Repositories import the domain and each other, never adapters or activities.',
      ),
    ),
  },
  {
    files: ['activities/src/adapters/**/*.ts'],
    rules: below(adaptersBelow, noIndex),
  },
  {
    files: ['activities/src/adapters/**/types.ts'],
    rules: below(adaptersBelow, noIndex, typesFromTypes),
  },
  {
    files: ['api/src/**/*.ts'],
    rules: restrict([apiNever]),
  },
  {
    // Tests build providers themselves; the API's own code reaches them only through its deps.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    rules: restrict([apiNever, apiNoAdapters]),
  },
  {
    // The API talks to Temporal in one place, api/src/temporal/: nothing else imports the client or reaches deps.temporal.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/temporal/**', 'api/src/config.ts', 'api/src/**/*.test.ts'],
    rules: {
      ...restrict([
        apiNever,
        apiNoAdapters,
        typesOnly(
          ['@temporalio/client', '@temporalio/common'],
          'The API talks to Temporal only through api/src/temporal/ (types may name the client).',
        ),
      ]),
      'no-restricted-syntax': [
        'error',
        processEnv,
        ...temporalByName,
        {
          selector: "MemberExpression[object.name='deps'][property.name='temporal']",
          message: 'The API talks to Temporal only through api/src/temporal/.',
        },
      ],
    },
  },
  {
    files: ['worker/src/**/*.ts'],
    rules: restrict([
      never(['@fajr/api', '@fajr/api/**', '@fajr/web', '@fajr/web/**'], 'The worker never imports the api or the web.'),
    ]),
  },
  {
    files: ['migrations/**/*.ts'],
    ignores: ['migrations/src/testing.ts', 'migrations/**/*.test.ts'],
    rules: restrict([never(['@fajr/*', '@fajr/**'], 'Migrations depend on knex only.')]),
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: webTests,
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict(webPatterns),
  },
  // Inside the web, one way: shared (components, lib, hooks, config, theme, api) -> features -> app.
  // Imports are relative, so each block names the depth of its files and the number of '../' that leaves them.
  ...webDepths.map((depth) => ({
    files: webShared.map((dir) => `web/src/${dir}/${'*/'.repeat(depth)}*.{ts,tsx}`),
    ignores: webTests,
    rules: restrict([
      ...webPatterns,
      {
        regex: `^(\\.\\./){${depth + 1}}(features|app)(/|$)`,
        message: 'Shared web code (components, lib, hooks, config, theme, api) never imports a feature or app/.',
      },
    ]),
  })),
  ...webDepths.map((depth) => ({
    files: [`web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    ignores: webTests,
    rules: restrict([
      ...webPatterns,
      {
        regex: `^(\\.\\./){${depth + 1}}[^./]`,
        message: 'A feature never imports another feature: move what both need to components/, lib/, hooks/ or api/.',
      },
      {
        regex: `^(\\.\\./){${depth + 2}}(features|app)(/|$)`,
        message: 'A feature imports only its own folder and shared code, never app/ or another feature.',
      },
    ]),
  })),
  // Issue 45: every text a person sees comes from the message catalogue (web/src/i18n): a literal in JSX
  // text or in an attribute people read (labels, titles, placeholders, accessible names) is an error.
  {
    files: ['web/src/**/*.tsx'],
    ignores: webTests,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['label', 'title', 'placeholder', 'aria-label', 'alt', 'helperText', 'primary', 'secondary'],
          },
          // Brand names and symbols shown as they are in every language.
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s·—–…•]+', '[A-Z_-]+', 'Fajr', 'Stripe', 'Twilio', 'Temporal'] },
        },
      ],
    },
  },
  // Formatting is Prettier's (.prettierrc.json, checked by npm run lint): no lint rule argues with it.
  prettierConfig,
);
