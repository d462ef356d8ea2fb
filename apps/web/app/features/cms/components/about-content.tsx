/** The about page's server content (spec §2 /about, §7 `auth/cms/get-content/about`). */
import { LoadError, LoadingSkeleton } from '~/components/ui/load-state';
import { useAboutContent } from '../api/get-about-content';
import { SanitizedHtml } from './sanitized-html';

export function AboutContent() {
  const about = useAboutContent();

  if (about.isPending) return <LoadingSkeleton label="Loading the page…" />;
  if (about.isError) {
    return (
      <LoadError
        message="We could not load this page right now. Please try again later."
        retrying={about.isFetching}
        onRetry={() => void about.refetch()}
      />
    );
  }
  if (!about.data) return <p className="text-slate-600">This page has no content yet.</p>;
  return (
    <article>
      {/* The content opens with its own visible heading (often the same title). */}
      <h1 className="sr-only">{about.data.title}</h1>
      <SanitizedHtml html={about.data.Content} />
    </article>
  );
}
