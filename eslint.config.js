// ESLint flat config: JavaScript and TypeScript recommended rules everywhere, the React
// hooks rules for the web app. Type-aware rules are left out to keep `npm run lint` fast;
// `npm run typecheck` covers types.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// An alert() blocks the page, cannot be styled or translated and is read out of context: the
// site says things on the page, in status regions and beside fields.
const ALERT_MESSAGE = 'Say it on the page (a status region, or beside the field), not in an alert().';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/build/',
    '**/build-*/',
    '**/dist/',
    '**/.react-router/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'data/',
    'apps/api/drizzle/',
    // Written by `lingui compile` from the PO files beside them (docs/decisions/033).
    'apps/api/src/locales/',
    // Deliberate boundary violations that scripts/module-boundaries/module-boundaries.test.mjs cruises.
    'scripts/module-boundaries/fixtures/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // What a module imports statically loads at every start (docs/benchmarks.md):
    // unbundled in development and tests, and in the server's bundles (docs/decisions/019) with all
    // that tree-shaking cannot drop (data, dictionaries). So not a package's root where it loads
    // every module and a narrower entry point exists, and the heavy libraries only on first use.
    files: ['apps/api/src/**/*.ts', 'apps/web/app/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'date-fns',
              message: "Import the function's entry point ('date-fns/parseISO'): the root loads 864 modules.",
            },
            {
              name: 'to-words',
              message: "Import the locale's entry point ('to-words/en-IN'): the root loads every locale.",
            },
            {
              name: 'country-state-city',
              message:
                "Import 'country-state-city/lib/cjs/state.js': the root holds 8 MB of cities in memory.",
            },
            {
              name: 'exceljs',
              message: "Import it with import('exceljs') where a workbook is written: 413 modules.",
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['@zxcvbn-ts/*'],
              message: 'Import it with import() on the first password checked: its dictionaries take 22 MB.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-globals': ['error', { name: 'alert', message: ALERT_MESSAGE }],
      'no-restricted-properties': ['error', { property: 'alert', message: ALERT_MESSAGE }],
    },
  },
  {
    // Playwright reads fixture dependencies from the first parameter's destructuring, so a
    // fixture that needs none must write `{}`; its `use` callback is not a React hook.
    files: ['apps/web/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
