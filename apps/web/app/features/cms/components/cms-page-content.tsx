/**
 * A nominee page (/cms/{id}): the server's HTML for the id, or "Page not found" for an
 * unknown id. `children` (the route's voting action) shows under the content once it has loaded.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { LoadError, LoadingSkeleton } from '~/components/ui/load-state';
import { useCmsPage } from '../api/get-cms-page';
import { SanitizedHtml } from './sanitized-html';

export function CmsPageContent({ id, children }: { id: string; children?: ReactNode }) {
  const page = useCmsPage(id);

  if (page.isPending) return <LoadingSkeleton label="Loading the page…" />;
  if (page.isError) {
    return (
      <LoadError
        message="We could not load this page right now. Please try again later."
        retrying={page.isFetching}
        onRetry={() => void page.refetch()}
      />
    );
  }
  if (page.data === null) {
    return (
      <div className="py-8 text-center">
        <h1 className="text-2xl font-bold text-brand-900">Page not found</h1>
        <p className="mt-3 text-slate-600">
          There is no page at this address. It may have moved or been removed.
        </p>
        <Link to="/" className={buttonClassName('secondary', 'mt-6')}>
          Back to the home page
        </Link>
      </div>
    );
  }
  return (
    <article>
      {/* The content opens with its own visible heading (often the same title). */}
      <h1 className="sr-only">{page.data.title}</h1>
      <SanitizedHtml html={page.data.Content} />
      {children}
    </article>
  );
}
