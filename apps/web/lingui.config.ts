/**
 * Lingui's catalogs (docs/decisions/032-lingui.md): English is the source, Gujarati and Hindi are
 * translated in PO files under app/locales/<locale>/. `npx lingui extract` (in apps/web) adds new
 * messages and marks removed ones obsolete; the Vite plugin compiles a catalog when a route
 * imports it. The organizer console is not translated, so its code is not searched for messages.
 *
 * Four catalogs per language, so a page loads only what it can show:
 * - `registration`: the registration forms, the tickets dialog, checkout, the payment result
 *   pages with the order's passes, Manage my registration, the contact form, the validation
 *   messages and the event pages (/pitcher, /investor, /startup, /visitor: ticket prices and the
 *   Review Purchase popup), brought by the catalog layouts (routes/catalogs/registration.*.tsx) around the
 *   pages that show them;
 * - `legal`: the long texts of the terms and the privacy notice, brought by their own catalog
 *   layouts (routes/catalogs/legal.*.tsx), so no other page loads them;
 * - `highlights`: the words of the content pages (the menu's Highlights pages, /activities,
 *   /event-flow, /participants, /sponser, /sponser-2024, /guest-speakers, the archives: their
 *   sample notes, earlier editions' links, award categories), which the home page does not show, brought by their catalog layouts
 *   (routes/catalogs/highlights.*.tsx);
 * - `messages`: everything else (the chrome, the home page), brought by each language's layout.
 * app/locales/catalogs.test.ts fails when a page outside a catalog's layouts reaches a module
 * with that catalog's messages.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** The modules whose messages are in the registration catalog. */
const REGISTRATION_MODULES = [
  '<rootDir>/app/routes/register',
  '<rootDir>/app/features/registration',
  '<rootDir>/app/features/tickets',
  '<rootDir>/app/features/event-pages',
  '<rootDir>/app/features/checkout',
  '<rootDir>/app/features/event-pass',
  '<rootDir>/app/features/orders',
  '<rootDir>/app/features/manage',
  '<rootDir>/app/routes/manage.tsx',
  '<rootDir>/app/routes/payment-success.tsx',
  '<rootDir>/app/routes/payment-failure.tsx',
  '<rootDir>/app/components/layout/payment-result.tsx',
  '<rootDir>/app/components/festival-dates.tsx',
  '<rootDir>/app/features/registration-alerts/components/sales-notice.tsx',
  '<rootDir>/app/features/registration-alerts/components/registration-alert-form.tsx',
  '<rootDir>/app/lib/i18n/validation-messages.ts',
  '<rootDir>/app/lib/ticket-price-notes.ts',
  '<rootDir>/app/features/contact',
  '<rootDir>/app/routes/contact.tsx',
  '<rootDir>/app/routes/pitcher.tsx',
  '<rootDir>/app/routes/investor.tsx',
  '<rootDir>/app/routes/startup.tsx',
  '<rootDir>/app/routes/visitor.tsx',
];

/** The modules whose messages are in the legal catalog. */
const LEGAL_MODULES = [
  '<rootDir>/app/routes/terms.tsx',
  '<rootDir>/app/routes/privacy-policy.tsx',
  '<rootDir>/app/features/content-pages/components/legal-page.tsx',
];

/** The modules whose messages are in the highlights catalog. */
const HIGHLIGHTS_MODULES = [
  '<rootDir>/app/routes/highlights.tsx',
  '<rootDir>/app/routes/speakers.tsx',
  '<rootDir>/app/routes/awards.tsx',
  '<rootDir>/app/routes/activities.tsx',
  '<rootDir>/app/routes/event-flow.tsx',
  '<rootDir>/app/routes/participants.tsx',
  '<rootDir>/app/routes/sponser.tsx',
  '<rootDir>/app/routes/start-up-showcase.tsx',
  '<rootDir>/app/routes/guest-speakers.tsx',
  '<rootDir>/app/routes/sponser-2024.tsx',
  '<rootDir>/app/features/awards/components',
  '<rootDir>/app/features/content-pages/components/sample-note.tsx',
  '<rootDir>/app/features/content-pages/components/coming-soon.tsx',
  '<rootDir>/app/features/content-pages/components/archive-view.tsx',
  '<rootDir>/app/lib/collection-names.ts',
  '<rootDir>/app/features/site-content/components/edition-archive.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'gu', 'hi'],
  catalogs: [
    {
      path: '<rootDir>/app/locales/{locale}/registration',
      include: REGISTRATION_MODULES,
    },
    {
      path: '<rootDir>/app/locales/{locale}/legal',
      include: LEGAL_MODULES,
    },
    {
      path: '<rootDir>/app/locales/{locale}/highlights',
      include: HIGHLIGHTS_MODULES,
    },
    {
      path: '<rootDir>/app/locales/{locale}/messages',
      include: ['<rootDir>/app'],
      exclude: [
        ...REGISTRATION_MODULES,
        ...LEGAL_MODULES,
        ...HIGHLIGHTS_MODULES,
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
