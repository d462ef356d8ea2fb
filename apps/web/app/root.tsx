/**
 * The document shell: html/head/body, the skip link, the site header and footer, the
 * scroll-to-top button and the error boundary, in the page's language: the matched locale layout
 * (routes/locale/*.tsx) brings its catalog and font, and a Lingui instance of its own is made for
 * each render (lib/i18n/locale-handle.ts). The TanStack Query provider is not here but in
 * routes/query-layout.tsx, which holds the pages that use a query. Runs at build time too
 * (prerendering), so nothing here may touch `window` while rendering.
 */
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContext, useMemo, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from 'react-router';
import type { Route } from './+types/root';
import { DeferredScrollToTop } from './components/layout/deferred-scroll-to-top';
import { PageHead } from './components/layout/page-head';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { createI18n, isCatalogHandle, isLocaleHandle } from './lib/i18n/locale-handle';
import { localizedPath } from './lib/i18n/localized-routes';
import { useRememberedLocale } from './lib/i18n/remembered-locale';
import { usePageLocale } from './lib/i18n/use-locale';
import { BRAND_NAME, currentEditionPrefill, EditionProvider, seededEdition } from './lib/current-edition';
import {
  documentPrefill,
  PREFILL_ELEMENT_ID,
  QueryPrefillContext,
  type PrefillHandle,
} from './lib/query-prefill';
import { setZodJitless } from './lib/zod-config';
import styles from './app.css?inline';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/images/icon-192.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

// Before any route module loads zod (root evaluates first); see lib/zod-config.ts.
setZodJitless();

// In the browser, the queries the server rendered this document with (content pages), read
// before hydration. On the server they come from QueryPrefillContext (app/entry.server.tsx).
const prefillOfDocument = documentPrefill();

/** The page's filled queries: the server's render context, else what this document carries. */
function usePrefill() {
  return useContext(QueryPrefillContext) ?? prefillOfDocument;
}

/**
 * Every public page is rendered with the current edition (lib/current-edition.ts): the server
 * fills this query for any page besides the ones a leaf route declares (app/entry.server.tsx).
 */
export const handle: PrefillHandle = { prefill: () => [currentEditionPrefill()] };

/**
 * The organizer console (routes/admin/layout.tsx) and the gate scanner (routes/checkin.tsx) bring
 * their own skip link, header, navigation and main.
 */
const OWN_CHROME_ROUTE_IDS = new Set(['routes/admin/layout', 'routes/checkin']);

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const inConsole = matches.some((match) => OWN_CHROME_ROUTE_IDS.has(match.id));
  // The SPA fallback (the console's shell) matches no locale layout: it shows no public chrome.
  const localeHandle = matches.map((match) => match.handle).findLast(isLocaleHandle);
  const catalogHandle = matches.map((match) => match.handle).findLast(isCatalogHandle);
  const i18n = useMemo(() => createI18n(localeHandle, catalogHandle), [localeHandle, catalogHandle]);
  const prefill = usePrefill();
  return (
    // The console and the scanner show no edition: they do not load it.
    <EditionProvider seeded={seededEdition(prefill)} follow={!inConsole}>
      <I18nProvider i18n={i18n}>
        <html lang={i18n.locale}>
          <head>
            <meta charSet="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="theme-color" content="#1b1f52" />
            {/* The site's CSS (10 KB gzipped) is inlined, so a page paints as soon as its HTML is
              parsed instead of waiting for a stylesheet request queued behind the module preloads.
              React hoists it to the top of <head>; in the browser it adopts the prerendered element
              by its href key without reading the text, so the production client bundle leaves the
              CSS out (every page, the SPA fallback included, is prerendered with it). */}
            <style href="site-css" precedence="default">
              {import.meta.env.SSR || import.meta.env.DEV ? styles : ''}
            </style>
            {/* The Gujarati or Devanagari font of the page's language (lib/i18n/fonts.ts). */}
            {localeHandle?.fontCss ? (
              <style href={`font-${localeHandle.locale}`} precedence="default">
                {localeHandle.fontCss}
              </style>
            ) : null}
            <Meta />
            {inConsole ? null : <PageHead />}
            <Links />
          </head>
          <body className="flex min-h-dvh flex-col">
            {inConsole || !localeHandle ? children : <SiteChrome>{children}</SiteChrome>}
            {/* New navigations start at the top of the page (as the spec asks); back and forward restore. */}
            <ScrollRestoration />
            {/* A content page rendered with its data carries that data for the browser's QueryClient. */}
            {prefill ? (
              <script
                id={PREFILL_ELEMENT_ID}
                type="application/json"
                dangerouslySetInnerHTML={{ __html: prefill.json }}
              />
            ) : null}
            <Scripts />
          </body>
        </html>
      </I18nProvider>
    </EditionProvider>
  );
}

/** The public site's skip link, header, main region, footer and scroll-to-top button. */
function SiteChrome({ children }: { children: ReactNode }) {
  useRememberedLocale();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <SiteFooter />
      <DeferredScrollToTop />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  const locale = usePageLocale();
  let title = t`Something went wrong`;
  let details = t`An unexpected error occurred. Please reload the page.`;
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? t`Page not found` : t`Error ${error.status}`;
    details = error.statusText || details;
  }
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 text-center">
      <title>{`${title} | ${BRAND_NAME}`}</title>
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <p className="mt-3 text-slate-600">{details}</p>
      <a
        href={localizedPath('/', locale)}
        className="mt-6 inline-block font-semibold text-brand-700 underline"
      >
        <Trans>Back to the home page</Trans>
      </a>
    </section>
  );
}
