/** robots.txt, prerendered at build time: everything may be crawled; points at the sitemap. */
import { absoluteUrl } from '~/lib/seo';

export function loader() {
  const body = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${absoluteUrl('/sitemap.xml')}\n`;
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
