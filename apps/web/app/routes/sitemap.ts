/**
 * sitemap.xml, prerendered at build time from the route list. Pages that only make sense after an
 * action (payment results) or demos are left out. A page in every language
 * (lib/i18n/localized-routes.ts) is listed at each of its addresses, each entry naming the others
 * as `xhtml:link` alternates (Google's form for multilingual sitemaps), with x-default the English one.
 */
import { SITE_ROUTES } from '~/content/site-routes';
import { isLocalizedPath, localizedPath } from '~/lib/i18n/localized-routes';
import { LOCALES } from '~/lib/i18n/locales';
import { absoluteUrl } from '~/lib/seo';

/** The `<url>` entries of the page at English path `path`. */
function entries(path: string): string[] {
  if (!isLocalizedPath(path)) return [`  <url><loc>${absoluteUrl(path)}</loc></url>`];
  const alternates = [
    ...LOCALES.map(
      (locale) =>
        `    <xhtml:link rel="alternate" hreflang="${locale}" href="${absoluteUrl(localizedPath(path, locale))}"/>`,
    ),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${absoluteUrl(path)}"/>`,
  ].join('\n');
  return LOCALES.map(
    (locale) =>
      `  <url>\n    <loc>${absoluteUrl(localizedPath(path, locale))}</loc>\n${alternates}\n  </url>`,
  );
}

export function loader() {
  const urls = SITE_ROUTES.filter((route) => route.sitemap)
    .flatMap((route) => entries(route.path))
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
