/**
 * The public pages that exist in every language, in one list: `routes.ts` gives each a `/gu` and a
 * `/hi` twin (same module, its own route id), and the language switcher, the hreflang alternates,
 * the canonical links and the sitemap read it. A page joins the list only once every string it
 * and the site's chrome show is extracted and translated (app/locales/), so no Gujarati or Hindi
 * page shows English interface text. Organizers' content (edition names, venues, themes) is data
 * and shows as they entered it.
 */
import { SOURCE_LOCALE, isLocale, type Locale } from './locales';

export interface LocalizedPage {
  /** The English path, e.g. '/'. */
  path: string;
  /** The route module under app/, as routes.ts names it. */
  file: string;
  /** The page uses TanStack Query: its twins go under the query layout too (routes/query-layout.tsx). */
  query?: boolean;
  /**
   * The further catalog the page's messages are in (lingui.config.ts), which its twins load with
   * the language's own: `registration` for the forms, tickets and passes, `legal` for the legal
   * texts, `highlights` for the content pages (the menu's Highlights group and the like).
   */
  catalog?: PageCatalog;
}

/** The catalogs a page may bring besides its language's main one (routes/catalogs/<name>.<locale>.tsx). */
export const PAGE_CATALOGS = ['registration', 'legal', 'highlights'] as const;
export type PageCatalog = (typeof PAGE_CATALOGS)[number];

export const LOCALIZED_PAGES: readonly LocalizedPage[] = [
  { path: '/', file: 'routes/home.tsx' },
  { path: '/register', file: 'routes/register/route.tsx', query: true, catalog: 'registration' },
  { path: '/payment-success', file: 'routes/payment-success.tsx', query: true, catalog: 'registration' },
  { path: '/payment-failure', file: 'routes/payment-failure.tsx', query: true, catalog: 'registration' },
  { path: '/manage', file: 'routes/manage.tsx', query: true, catalog: 'registration' },
  { path: '/about', file: 'routes/about.tsx', query: true },
  { path: '/faq', file: 'routes/faq.tsx', query: true },
  // The inquiry form shows the shared schema's validation messages (the registration catalog's).
  { path: '/contact', file: 'routes/contact.tsx', query: true, catalog: 'registration' },
  { path: '/privacypolicy', file: 'routes/privacy-policy.tsx', query: true, catalog: 'legal' },
  { path: '/terms', file: 'routes/terms.tsx', catalog: 'legal' },
  // The event pages show ticket prices and the Review Purchase popup (the registration catalog's).
  { path: '/pitcher', file: 'routes/pitcher.tsx', query: true, catalog: 'registration' },
  { path: '/investor', file: 'routes/investor.tsx', query: true, catalog: 'registration' },
  { path: '/startup', file: 'routes/startup.tsx', query: true, catalog: 'registration' },
  { path: '/visitor', file: 'routes/visitor.tsx', query: true, catalog: 'registration' },
  // The Highlights group's pages: their words are neither the home page's nor the forms'.
  { path: '/highlights', file: 'routes/highlights.tsx', query: true, catalog: 'highlights' },
  { path: '/speakers', file: 'routes/speakers.tsx', query: true, catalog: 'highlights' },
  { path: '/awards', file: 'routes/awards.tsx', query: true, catalog: 'highlights' },
  { path: '/start-up-showcase', file: 'routes/start-up-showcase.tsx', query: true, catalog: 'highlights' },
  // The content pages of the other groups (Info, Why Attend) share the Highlights pages' catalog:
  // the same parts (sample notes, earlier editions' links) and no form or price.
  { path: '/activities', file: 'routes/activities.tsx', query: true, catalog: 'highlights' },
  { path: '/event-flow', file: 'routes/event-flow.tsx', query: true, catalog: 'highlights' },
  { path: '/participants', file: 'routes/participants.tsx', query: true, catalog: 'highlights' },
  { path: '/sponser', file: 'routes/sponser.tsx', query: true, catalog: 'highlights' },
  { path: '/guest-speakers', file: 'routes/guest-speakers.tsx', catalog: 'highlights' },
  { path: '/sponser-2024', file: 'routes/sponser-2024.tsx', query: true, catalog: 'highlights' },
];

const localizedPaths = new Set(LOCALIZED_PAGES.map((page) => page.path));

/** '/about/' → '/about'; '/' stays. */
const trimmed = (path: string) => path.replace(/\/+$/, '') || '/';

/** Whether the page at English path `path` has Gujarati and Hindi twins. */
export function isLocalizedPath(path: string): boolean {
  return localizedPaths.has(trimmed(path));
}

/** The language a URL path is in: its first segment when that names a language, else English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== SOURCE_LOCALE ? first : SOURCE_LOCALE;
}

/** The English path of any path: '/gu' → '/', '/hi/about' → '/about', '/faq' → '/faq'. */
export function englishPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === SOURCE_LOCALE) return trimmed(pathname);
  return trimmed(pathname.slice(locale.length + 1) || '/');
}

/**
 * The address of the page at English path `path` in `locale`: '/gu' for the home page, '/gu/x'
 * for a localized page x; a page without twins keeps its English address. A query or hash
 * (`/register?tab=pitcher`) is kept.
 */
export function localizedPath(path: string, locale: Locale): string {
  const [pathname = '/', rest = ''] = path.split(/(?=[?#])/, 2);
  if (locale === SOURCE_LOCALE || !isLocalizedPath(pathname)) return path;
  const english = trimmed(pathname);
  return `/${locale}${english === '/' ? '' : english}${rest}`;
}
