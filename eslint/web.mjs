// The web's lint rules: what it may import, one-way layers inside it, hooks, and texts from the catalogue.
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import { nodeBuiltins, never, restrict } from './restrict.mjs';

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

export const webConfigs = [
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
];
