/** A site page's server content (/about, /highlights), from `auth/cms/get-content/{slug}`. */
import { PAGE_LOAD_ERROR, QueryContent } from '~/components/ui/load-state';
import { useSitePage, type SitePageSlug } from '../api/get-site-page';
import { SanitizedHtml } from './sanitized-html';

/**
 * `visibleTitle`: the page's title is its visible <h1> (the highlights page's content starts
 * below it); otherwise the content opens with its own visible heading and the <h1> is for
 * assistive technology only.
 */
export function SitePageContent({
  slug,
  visibleTitle = false,
}: {
  slug: SitePageSlug;
  visibleTitle?: boolean;
}) {
  return (
    <QueryContent query={useSitePage(slug)} loadingLabel="Loading the page…" errorMessage={PAGE_LOAD_ERROR}>
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
          <p className="text-slate-600">This page has no content yet.</p>
        )
      }
    </QueryContent>
  );
}
