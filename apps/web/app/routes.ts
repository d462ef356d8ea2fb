import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Pages that use no query (not even in a part they load later) stay out of the query layout.
  route('popup-visitor', 'routes/popup-visitor.tsx'),
  route('highlights', 'routes/highlights.tsx'),
  route('sharkTank', 'routes/shark-tank.tsx'),
  route('awards', 'routes/awards.tsx'),
  route('start-up', 'routes/start-up.tsx'),
  route('investor-accelator', 'routes/investor-accelator.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('sponser-2024', 'routes/sponser-2024.tsx'),
  route('guest-speakers', 'routes/guest-speakers.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Every page that uses a query is under the TanStack Query provider (routes/query-layout.tsx);
  // the others, the home page included, leave TanStack Query out of their first load (issue 12).
  layout('routes/query-layout.tsx', [
    route('register', 'routes/register/route.tsx'),
    route('payment-success', 'routes/payment-success.tsx'),
    route('payment-failure', 'routes/payment-failure.tsx'),
    route('manage', 'routes/manage.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('faq', 'routes/faq.tsx'),
    route('about', 'routes/about.tsx'),
    route('cms/:id', 'routes/cms-page.tsx'),
    route('pitcher', 'routes/pitcher.tsx'),
    route('investor', 'routes/investor.tsx'),
    route('startup', 'routes/startup.tsx'),
    route('visitor', 'routes/visitor.tsx'),
    route('participants', 'routes/participants.tsx'),
    route('speakers', 'routes/speakers.tsx'),
    route('sponser', 'routes/sponser.tsx'),
    route('start-up-showcase', 'routes/start-up-showcase.tsx'),
    route('activities', 'routes/activities.tsx'),
    route('event-flow', 'routes/event-flow.tsx'),
    route('privacypolicy', 'routes/privacy-policy.tsx'),
    // The organizer console (issue 8 §2): client-only, code-split, noindex. Its pages' roles are in
    // app/features/admin/nav.ts; an address no page answers gets the console's own not-found page.
    route('admin', 'routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('sign-in', 'routes/admin/sign-in.tsx'),
      route('two-factor', 'routes/admin/two-factor.tsx'),
      route('account', 'routes/admin/account.tsx'),
      route('registrations', 'routes/admin/registrations.tsx'),
      route('registrations/:id', 'routes/admin/registration-detail.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:reference', 'routes/admin/order-detail.tsx'),
      route('ticket-types', 'routes/admin/ticket-types.tsx'),
      route('vouchers', 'routes/admin/vouchers.tsx'),
      route('waiting-list', 'routes/admin/waiting-list.tsx'),
      route('content', 'routes/admin/content/layout.tsx', [
        index('routes/admin/content/index.tsx'),
        route('faq', 'routes/admin/content/faq.tsx'),
        route('pages', 'routes/admin/content/pages.tsx'),
        route('pages/:id', 'routes/admin/content/page-edit.tsx'),
        route(':collection', 'routes/admin/content/collection.tsx'),
      ]),
      route('editions', 'routes/admin/editions.tsx'),
      route('organizers', 'routes/admin/organizers.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('inquiries', 'routes/admin/inquiries.tsx'),
      route('voting', 'routes/admin/voting.tsx'),
      route('exports', 'routes/admin/exports.tsx'),
      route('invoices', 'routes/admin/invoices.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('checkin', 'routes/admin/checkin.tsx'),
      route('data-requests', 'routes/admin/data-requests.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
    // The gate scanner (issue 11 §3): client-only and noindex like the console, outside its layout.
    route('checkin', 'routes/checkin.tsx'),
  ]),
  // Any other path: a helpful not-found page, answered with status 404 (the issue replaces the
  // spec §2 redirect to /; every path the spec lists has its route above).
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
