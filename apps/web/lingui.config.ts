/**
 * Lingui's catalogs (docs/decisions/032-lingui.md): English is the source, Gujarati and Hindi are
 * translated in PO files under app/locales/<locale>/messages.po. `npx lingui extract` (in
 * apps/web) adds new messages and marks removed ones obsolete; the Vite plugin compiles each
 * catalog when a locale's layout route imports it. The organizer console is not translated, so
 * its code is not searched for messages.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'gu', 'hi'],
  catalogs: [
    {
      path: '<rootDir>/app/locales/{locale}/messages',
      include: ['<rootDir>/app'],
      exclude: [
        '**/node_modules/**',
        '<rootDir>/app/routes/admin/**',
        '<rootDir>/app/features/admin*/**',
        '<rootDir>/app/components/console/**',
        '<rootDir>/app/lib/console/**',
      ],
    },
  ],
  // Line numbers change with every edit above a message; the file alone tells a translator where.
  format: formatter({ lineNumbers: false }),
});
