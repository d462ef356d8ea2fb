import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { LOCALIZED_PAGES, PAGE_CATALOGS, type LocalizedPage } from './lib/i18n/localized-routes';
import { LOCALES, SOURCE_LOCALE } from './lib/i18n/locales';

/**
 * The Gujarati and Hindi twins of the localized pages (lib/i18n/localized-routes.ts): the same
 * modules under `/gu` and `/hi`, each with a route id of its own, inside the locale's layout,
 * which brings that language's catalog and font, and inside the catalog layout of the further
 * catalog a page's messages are in (registration, legal, highlights). Prerendered like every route without
 * parameters.
 */
const localeTwins = LOCALES.filter((locale) => locale !== SOURCE_LOCALE).map((locale) => {
  const twin = (page: LocalizedPage) =>
    page.path === '/'
      ? index(page.file, { id: `${locale}/${page.file}` })
      : route(page.path.slice(1), page.file, { id: `${locale}/${page.file}` });
  /**
   * `pages`' twins, those with a further catalog inside that catalog's layout (`scope` keeps the
   * layout's route id unique).
   */
  const twins = (pages: readonly LocalizedPage[], scope: string) => [
    ...pages.filter((page) => !page.catalog).map(twin),
    ...PAGE_CATALOGS.flatMap((catalog) => {
      const inCatalog = pages.filter((page) => page.catalog === catalog);
      return inCatalog.length
        ? [
            layout(
              `routes/catalogs/${catalog}.${locale}.tsx`,
              { id: `${locale}/${scope}/routes/catalogs/${catalog}` },
              inCatalog.map(twin),
            ),
          ]
        : [];
    }),
  ];
  return route(locale, `routes/locale/${locale}.tsx`, [
    ...twins(
      LOCALIZED_PAGES.filter((page) => !page.query),
      'pages',
    ),
    // The pages that use a query, under the TanStack Query provider as their English pages are.
    layout(
      'routes/query-layout.tsx',
      { id: `${locale}/routes/query-layout` },
      twins(
        LOCALIZED_PAGES.filter((page) => page.query),
        'query',
      ),
    ),
  ]);
});

export default [
  // Every public page in English, under the layout that brings the English catalog.
  layout('routes/locale/en.tsx', [
    index('routes/home.tsx'),
    // Pages that use no query (not even in a part they load later) stay out of the query layout.
    // The ticket popup's quantity stepper is the event pages' (registration catalog).
    layout('routes/catalogs/registration.en.tsx', { id: 'en/pages/routes/catalogs/registration' }, [
      route('popup-visitor', 'routes/popup-visitor.tsx'),
    ]),
    // The content pages without a query show the highlights catalog's sample notes.
    layout('routes/catalogs/highlights.en.tsx', { id: 'en/pages/routes/catalogs/highlights' }, [
      route('sharkTank', 'routes/shark-tank.tsx'),
      route('start-up', 'routes/start-up.tsx'),
      route('investor-accelator', 'routes/investor-accelator.tsx'),
      route('guest-speakers', 'routes/guest-speakers.tsx'),
    ]),
    // The legal texts bring their own catalog.
    layout('routes/catalogs/legal.en.tsx', { id: 'en/pages/routes/catalogs/legal' }, [
      route('terms', 'routes/terms.tsx'),
    ]),
    route('sitemap.xml', 'routes/sitemap.ts'),
    route('robots.txt', 'routes/robots.ts'),
    // Every page that uses a query is under the TanStack Query provider (routes/query-layout.tsx);
    // the others, the home page included, leave TanStack Query out of their first load.
    layout('routes/query-layout.tsx', { id: 'en/routes/query-layout' }, [
      // The pages that show the registration forms, a ticket's price, an order or the shared
      // schemas' validation messages bring that catalog too.
      layout('routes/catalogs/registration.en.tsx', [
        route('register', 'routes/register/route.tsx'),
        route('contact', 'routes/contact.tsx'),
        route('pitcher', 'routes/pitcher.tsx'),
        route('investor', 'routes/investor.tsx'),
        route('startup', 'routes/startup.tsx'),
        route('visitor', 'routes/visitor.tsx'),
        route('payment-success', 'routes/payment-success.tsx'),
        route('payment-failure', 'routes/payment-failure.tsx'),
        route('manage', 'routes/manage.tsx'),
      ]),
      route('faq', 'routes/faq.tsx'),
      route('about', 'routes/about.tsx'),
      // The Highlights group's own words are a catalog of their own.
      // The content pages (sample notes, earlier editions' links) with them.
      layout('routes/catalogs/highlights.en.tsx', { id: 'en/query/routes/catalogs/highlights' }, [
        route('highlights', 'routes/highlights.tsx'),
        route('participants', 'routes/participants.tsx'),
        route('speakers', 'routes/speakers.tsx'),
        route('sponser', 'routes/sponser.tsx'),
        route('start-up-showcase', 'routes/start-up-showcase.tsx'),
        route('activities', 'routes/activities.tsx'),
        route('event-flow', 'routes/event-flow.tsx'),
        route('awards', 'routes/awards.tsx'),
        route('sponser-2024', 'routes/sponser-2024.tsx'),
        route('archive/:collection/:edition', 'routes/content-archive.tsx'),
      ]),
      route('cms/:id', 'routes/cms-page.tsx'),
      layout('routes/catalogs/legal.en.tsx', { id: 'en/query/routes/catalogs/legal' }, [
        route('privacypolicy', 'routes/privacy-policy.tsx'),
      ]),
    ]),
    // Any other path: a helpful not-found page, answered with status 404 (rather than the
    // spec's redirect to /; every path the spec lists has its route above).
    route('*', 'routes/not-found.tsx'),
  ]),
  ...localeTwins,
  // The organizer console and the gate scanner stay English and outside the public layouts: they
  // load no catalog.
  layout('routes/query-layout.tsx', [
    // The organizer console: client-only, code-split, noindex. Its pages' roles are in
    // app/features/admin/nav.ts; an address no page answers gets the console's own not-found page.
    route('admin', 'routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('sign-in', 'routes/admin/sign-in.tsx'),
      route('forgot-password', 'routes/admin/forgot-password.tsx'),
      route('set-password', 'routes/admin/set-password.tsx'),
      route('two-factor', 'routes/admin/two-factor.tsx'),
      route('account', 'routes/admin/account.tsx'),
      route('registrations', 'routes/admin/registrations.tsx'),
      route('registrations/:id', 'routes/admin/registration-detail.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/new', 'routes/admin/order-new.tsx'),
      route('orders/import', 'routes/admin/order-import.tsx'),
      route('orders/:reference', 'routes/admin/order-detail.tsx'),
      route('ticket-types', 'routes/admin/ticket-types.tsx'),
      route('questions', 'routes/admin/questions.tsx'),
      route('vouchers', 'routes/admin/vouchers.tsx'),
      route('waiting-list', 'routes/admin/waiting-list.tsx'),
      route('content', 'routes/admin/content/layout.tsx', [
        index('routes/admin/content/index.tsx'),
        route('faq', 'routes/admin/content/faq.tsx'),
        route('pages', 'routes/admin/content/pages.tsx'),
        route('pages/:id', 'routes/admin/content/page-edit.tsx'),
        route('award-categories', 'routes/admin/content/award-categories.tsx'),
        route(':collection', 'routes/admin/content/collection.tsx'),
      ]),
      route('editions', 'routes/admin/editions.tsx'),
      route('organizers', 'routes/admin/organizers.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('inquiries', 'routes/admin/inquiries.tsx'),
      route('registration-alerts', 'routes/admin/registration-alerts.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('messages/:id', 'routes/admin/message-detail.tsx'),
      route('voting', 'routes/admin/voting.tsx'),
      route('exports', 'routes/admin/exports.tsx'),
      route('reports', 'routes/admin/reports.tsx'),
      route('invoices', 'routes/admin/invoices.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('setup', 'routes/admin/setup.tsx'),
      route('checkin', 'routes/admin/checkin.tsx'),
      route('data-requests', 'routes/admin/data-requests.tsx'),
      route('backups', 'routes/admin/backups.tsx'),
      route('jobs', 'routes/admin/jobs.tsx'),
      route('status', 'routes/admin/status.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
    // The gate scanner: client-only and noindex like the console, outside its layout.
    route('checkin', 'routes/checkin.tsx'),
  ]),
] satisfies RouteConfig;
