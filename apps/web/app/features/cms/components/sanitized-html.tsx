/**
 * Server-provided HTML in a prose container. The API sanitises CMS content with its allow-list
 * (apps/api/src/modules/cms/sanitize.ts) when it is stored and again on every read; in the
 * browser it is sanitised once more with DOMPurify so a bad row can never run script in the
 * visitor's browser. On the server (content pages rendered with their data, lib/query-prefill.ts)
 * there is no DOM for DOMPurify: the HTML is the API's read-time sanitised answer, written as
 * is. Hydration keeps the server's markup (React does not compare inner HTML in production).
 * A link to one of the site's pages leads to its twin in the page's language where it has one
 * (`<a href="/awards">` on /gu/highlights goes to /gu/awards), on the server and in the browser alike.
 */
import { clsx } from 'clsx';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { localizedPath } from '~/lib/i18n/localized-routes';
import type { Locale } from '~/lib/i18n/locales';
import { usePageLocale } from '~/lib/i18n/use-locale';

/** Typography for the CMS markup (headings, paragraphs, lists, links, images). */
const PROSE = clsx(
  'text-slate-700 leading-relaxed',
  '[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand-900',
  '[&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-brand-900',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_strong]:text-slate-900',
  '[&_img]:mt-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&>:first-child]:mt-0',
);

/**
 * `html` with each site-relative link (`href="/x"`, not `//host`) leading to its page's twin in
 * `locale`; the API's sanitiser writes every attribute in double quotes.
 */
export function localizeLinks(html: string, locale: Locale): string {
  return html.replace(
    /(<a\s[^>]*?href=")(\/(?!\/)[^"]*)"/gi,
    (_match, start: string, path: string) => `${start}${localizedPath(path, locale)}"`,
  );
}

/** `lang`: the HTML's own language where it is not the page's (English on a Gujarati page). */
export function SanitizedHtml({
  html,
  className,
  lang,
}: {
  html: string;
  className?: string;
  lang?: string;
}) {
  const locale = usePageLocale();
  const clean = useMemo(() => {
    const linked = localizeLinks(html, locale);
    return import.meta.env.SSR ? linked : DOMPurify.sanitize(linked);
  }, [html, locale]);
  return <div lang={lang} className={clsx(PROSE, className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
