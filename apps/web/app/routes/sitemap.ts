/**
 * sitemap.xml, prerendered at build time from the route list. Pages that only make sense after an
 * action (payment results) or demos are left out.
 */
import { SITE_ROUTES } from '~/content/site-routes';
import { absoluteUrl } from '~/lib/seo';

export function loader() {
  const urls = SITE_ROUTES.filter((route) => route.sitemap)
    .map((route) => `  <url><loc>${absoluteUrl(route.path)}</loc></url>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
