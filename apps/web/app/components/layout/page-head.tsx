/**
 * The head tags of the public page on screen, from its route's `handle.meta` (lib/seo.ts) and
 * the current edition: the title ends with the edition's name, which is also og:site_name. A page
 * in every language (lib/i18n/localized-routes.ts) has its own address in each as its canonical,
 * with `hreflang` alternates for English, Gujarati, Hindi and x-default (the English page). React
 * 19 hoists the elements into <head>, on the server as in the browser, and swaps them on client
 * navigation. Console pages keep React Router's `meta` exports and have no `handle.meta`.
 */
import { useLingui } from '@lingui/react';
import { useMatches, useRouteError } from 'react-router';
import { BRAND_NAME, editionFacts, useCurrentEdition } from '~/lib/current-edition';
import { isLocalizedPath, localizedPath } from '~/lib/i18n/localized-routes';
import { LOCALES } from '~/lib/i18n/locales';
import { usePageLocale } from '~/lib/i18n/use-locale';
import { absoluteUrl, DEFAULT_SHARE_IMAGE, isPageMetaHandle } from '~/lib/seo';

/** Open Graph's names of the languages (language_TERRITORY). */
const OG_LOCALE = { en: 'en_IN', gu: 'gu_IN', hi: 'hi_IN' } as const;

export function PageHead() {
  const leaf = useMatches().findLast((match) => isPageMetaHandle(match.handle));
  const error = useRouteError();
  const current = useCurrentEdition();
  const { i18n } = useLingui();
  const locale = usePageLocale();
  const edition = current ? editionFacts(current, i18n) : undefined;
  // The error boundary writes its own title.
  if (!leaf || error || !isPageMetaHandle(leaf.handle)) return null;
  const { meta } = leaf.handle;
  const {
    title,
    description,
    path,
    image,
    type = 'website',
  } = typeof meta === 'function'
    ? meta({ params: leaf.params, edition, highlightsTitle: current?.highlightsTitle, i18n })
    : meta;
  const siteName = edition?.name ?? BRAND_NAME;
  const fullTitle = title === siteName || title.includes(siteName) ? title : `${title} | ${siteName}`;
  const localized = path !== undefined && isLocalizedPath(path);
  const url = path === undefined ? undefined : absoluteUrl(localized ? localizedPath(path, locale) : path);
  const imageUrl = absoluteUrl(image ?? DEFAULT_SHARE_IMAGE);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:locale" content={OG_LOCALE[locale]} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta property="og:image" content={imageUrl} />
      <meta property="og:type" content={type} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {url ? <link rel="canonical" href={url} /> : null}
      {localized
        ? [...LOCALES, 'x-default' as const].map((hreflang) => (
            <link
              key={hreflang}
              rel="alternate"
              hrefLang={hreflang}
              href={absoluteUrl(localizedPath(path, hreflang === 'x-default' ? 'en' : hreflang))}
            />
          ))
        : null}
    </>
  );
}
