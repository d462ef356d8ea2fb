/**
 * The API's catalogs (docs/decisions/033-server-i18n.md): the emails to registrants and buyers,
 * in English (the source), Gujarati and Hindi. Messages are plain descriptors marked
 * with a leading `i18n` block comment, `{ id, message }` (no macros: the API runs through tsx, tsup and vitest untransformed).
 * `npm run i18n:extract -w @festival/api` adds new messages to the PO files and
 * `npm run i18n:compile -w @festival/api` writes the compiled `messages.ts` the code imports;
 * `test/email-catalogs.test.ts` fails while either is behind.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'gu', 'hi'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src/modules'],
      exclude: ['**/node_modules/**', '**/*.test.ts'],
    },
  ],
  compileNamespace: 'ts',
  // Line numbers change with every edit above a message; the file alone tells a translator where.
  format: formatter({ lineNumbers: false }),
});
