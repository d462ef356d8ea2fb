/** A site page's server content (/about, /highlights), from `auth/cms/get-content/{slug}`. */
import { shownText } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryContent } from '~/components/ui/load-state';
import { usePageLocale } from '~/lib/i18n/use-locale';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import { useSitePage, type SitePageSlug } from '../api/get-site-page';
import { SanitizedHtml } from './sanitized-html';

/**
 * `visibleTitle`: the page's title is its visible <h1> (the highlights page's content starts
 * below it); otherwise the content opens with its own visible heading and the <h1> is for
 * assistive technology only. The title and content are the organizers', in the page's language
 * where they translated them, else the English marked `lang="en"` (decision 034); the loading,
 * error and empty states are in the page's language.
 */
export function SitePageContent({
  slug,
  visibleTitle = false,
}: {
  slug: SitePageSlug;
  visibleTitle?: boolean;
}) {
  const { t } = useLingui();
  const locale = usePageLocale();
  return (
    <QueryContent
      query={useSitePage(slug)}
      loadingLabel={t`Loading the page…`}
      errorMessage={t`We could not load this page right now. Please try again later.`}
      retryLabels={useRetryLabels()}
    >
      {(page) => {
        if (!page) {
          return (
            <p className="text-slate-600">
              <Trans>This page has no content yet.</Trans>
            </p>
          );
        }
        const title = shownText(page.translations, locale, 'title', page.title);
        const content = shownText(page.translations, locale, 'Content', page.Content);
        return (
          <article>
            <h1
              lang={title.lang}
              className={
                visibleTitle
                  ? 'mb-6 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl'
                  : 'sr-only'
              }
            >
              {title.text}
            </h1>
            <SanitizedHtml html={content.text} lang={content.lang} />
          </article>
        );
      }}
    </QueryContent>
  );
}
