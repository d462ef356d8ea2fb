/**
 * A nominee page (/cms/{id}): the server's HTML for the id, or "Page not found" for an
 * unknown id. `children` (the route's voting action) shows under the content once it has loaded.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { PAGE_LOAD_ERROR, QueryContent } from '~/components/ui/load-state';
import { useCmsPage } from '../api/get-cms-page';
import { SanitizedHtml } from './sanitized-html';

export function CmsPageContent({ id, children }: { id: string; children?: ReactNode }) {
  return (
    <QueryContent query={useCmsPage(id)} loadingLabel="Loading the page…" errorMessage={PAGE_LOAD_ERROR}>
      {(page) =>
        page === null ? (
          <div className="py-8 text-center">
            <h1 className="text-2xl font-bold text-brand-900">Page not found</h1>
            <p className="mt-3 text-slate-600">
              There is no page at this address. It may have moved or been removed.
            </p>
            <Link to="/" className={buttonClassName('secondary', 'mt-6')}>
              Back to the home page
            </Link>
          </div>
        ) : (
          <article>
            {/* The content opens with its own visible heading (often the same title). */}
            <h1 className="sr-only">{page.title}</h1>
            <SanitizedHtml html={page.Content} />
            {children}
          </article>
        )
      }
    </QueryContent>
  );
}
