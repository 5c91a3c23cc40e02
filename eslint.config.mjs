// Lint rules, with the import boundaries of DESIGN.md ("what may import what") as errors.
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import prettierConfig from 'eslint-config-prettier';

import { never, nodeBuiltins, restrict, typesOnly } from './eslint/restrict.mjs';
import { webConfigs } from './eslint/web.mjs';

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
  ...webConfigs,
  // Formatting is Prettier's (.prettierrc.json, checked by npm run lint): no lint rule argues with it.
  prettierConfig,
);
