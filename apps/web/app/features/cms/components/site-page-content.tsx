/** A site page's server content (/about, /highlights), from `auth/cms/get-content/{slug}`. */
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryContent } from '~/components/ui/load-state';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import { useSitePage, type SitePageSlug } from '../api/get-site-page';
import { SanitizedHtml } from './sanitized-html';

/**
 * `visibleTitle`: the page's title is its visible <h1> (the highlights page's content starts
 * below it); otherwise the content opens with its own visible heading and the <h1> is for
 * assistive technology only. The title and content are the organizers' (shown as entered); the
 * loading, error and empty states are in the page's language.
 */
export function SitePageContent({
  slug,
  visibleTitle = false,
}: {
  slug: SitePageSlug;
  visibleTitle?: boolean;
}) {
  const { t } = useLingui();
  return (
    <QueryContent
      query={useSitePage(slug)}
      loadingLabel={t`Loading the page…`}
      errorMessage={t`We could not load this page right now. Please try again later.`}
      retryLabels={useRetryLabels()}
    >
      {(page) =>
        page ? (
          <article>
            <h1
              className={
                visibleTitle
                  ? 'mb-6 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl'
                  : 'sr-only'
              }
            >
              {page.title}
            </h1>
            <SanitizedHtml html={page.Content} />
          </article>
        ) : (
          <p className="text-slate-600">
            <Trans>This page has no content yet.</Trans>
          </p>
        )
      }
    </QueryContent>
  );
}
