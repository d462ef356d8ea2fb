/**
 * An earlier edition's entries of a collection (the archive, e.g. "2024 Sponsors"): the title
 * comes from the edition's year and the collection's name. The route loads the archive and
 * passes its query here; an edition without entries says their content is coming (the spec's
 * /sponser-2024: 'Content Coming Soon...').
 */
import { COLLECTION_RULES, type ContentArchive, type ContentCollection } from '@festival/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { LoadError, LoadingSkeleton, PAGE_LOAD_ERROR } from '~/components/ui/load-state';
import { ArchiveItems } from './archive-items';
import { PageBanner } from './page-banner';
import { SampleNote } from './sample-note';

export interface ArchiveViewProps {
  collection: ContentCollection;
  archive: UseQueryResult<ContentArchive | null>;
  /** Shown while the archive loads (the route's known title, e.g. "2024 Sponsors"). */
  fallbackTitle: string;
}

export function ArchiveView({ collection, archive, fallbackTitle }: ArchiveViewProps) {
  const { label, path } = COLLECTION_RULES[collection];
  const data = archive.data;
  const title = data ? `${data.edition.year} ${label}` : fallbackTitle;
  return (
    <>
      <PageBanner title={data === null ? 'Page not found' : title} eyebrow={data?.edition.name} />
      <section className="mx-auto min-h-[50vh] w-full max-w-6xl px-4 py-12">
        {data === undefined && archive.isError ? (
          <LoadError
            message={PAGE_LOAD_ERROR}
            retrying={archive.isFetching}
            onRetry={() => void archive.refetch()}
          />
        ) : data === undefined ? (
          <LoadingSkeleton label={`Loading ${title}…`} />
        ) : data === null ? (
          <p className="text-slate-700">There is no edition at this address.</p>
        ) : data.items.length === 0 ? (
          <p className="text-center text-2xl font-semibold text-brand-900">Content Coming Soon...</p>
        ) : (
          <>
            {data.items.some((item) => item.sample) ? (
              <div className="mb-6">
                <SampleNote>these entries are placeholders.</SampleNote>
              </div>
            ) : null}
            <ArchiveItems items={data.items} />
          </>
        )}
        <Link to={path} className={buttonClassName('outline', 'mt-10')}>
          {label} of the current edition
        </Link>
      </section>
    </>
  );
}
