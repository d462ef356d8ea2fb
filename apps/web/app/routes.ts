import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('register', 'routes/register/route.tsx'),
  route('payment-success', 'routes/payment-success.tsx'),
  route('payment-failure', 'routes/payment-failure.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('about', 'routes/about.tsx'),
  route('cms/:id', 'routes/cms-page.tsx'),
  route('pitcher', 'routes/pitcher.tsx'),
  route('investor', 'routes/investor.tsx'),
  route('startup', 'routes/startup.tsx'),
  route('popup-visitor', 'routes/popup-visitor.tsx'),
  route('visitor', 'routes/visitor.tsx'),
  route('highlights', 'routes/highlights.tsx'),
  route('participants', 'routes/participants.tsx'),
  route('speakers', 'routes/speakers.tsx'),
  route('sharkTank', 'routes/shark-tank.tsx'),
  route('sponser', 'routes/sponser.tsx'),
  route('awards', 'routes/awards.tsx'),
  route('start-up', 'routes/start-up.tsx'),
  route('investor-accelator', 'routes/investor-accelator.tsx'),
  route('start-up-showcase', 'routes/start-up-showcase.tsx'),
  route('activities', 'routes/activities.tsx'),
  route('event-flow', 'routes/event-flow.tsx'),
  route('privacypolicy', 'routes/privacy-policy.tsx'),
  route('sponser-2024', 'routes/sponser-2024.tsx'),
  route('guest-speakers', 'routes/guest-speakers.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // The organizer console (issue 8 §2): client-only, code-split, noindex. Its pages' roles are in
  // app/features/admin/nav.ts; an address no page answers gets the console's own not-found page.
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('sign-in', 'routes/admin/sign-in.tsx'),
    route('two-factor', 'routes/admin/two-factor.tsx'),
    route('account', 'routes/admin/account.tsx'),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
  // Spec §2: any unknown path redirects to /.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
