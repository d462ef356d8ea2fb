// ESLint flat config: JavaScript and TypeScript recommended rules everywhere, the React
// hooks rules for the web app. Type-aware rules are left out to keep `npm run lint` fast;
// `npm run typecheck` covers types.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    files: ['apps/web/app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Playwright reads fixture dependencies from the first parameter's destructuring, so a
    // fixture that needs none must write `{}`; its `use` callback is not a React hook.
    files: ['apps/web/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
