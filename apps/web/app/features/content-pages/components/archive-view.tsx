/**
 * An earlier edition's entries of a collection (the archive, e.g. "2024 Sponsors"): the title
 * comes from the edition's year and the collection's name. The route loads the archive and
 * passes its query here; an edition without entries says their content is coming (the spec's
 * /sponser-2024: 'Content Coming Soon...'). Its words are in the page's language (the highlights
 * catalog); the entries show as organizers entered them.
 */
import type { ContentArchive, ContentCollection } from '@festival/shared';
import { COLLECTION_RULES } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { LoadError, LoadingSkeleton } from '~/components/ui/load-state';
import { COLLECTION_NAMES } from '~/lib/collection-names';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import { PAGE_LOAD_ERROR } from '../lib/page-load-error';
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
  const { i18n, t } = useLingui();
  const locale = usePageLocale();
  const retryLabels = useRetryLabels();
  const label = i18n._(COLLECTION_NAMES[collection]);
  const data = archive.data;
  const year = data?.edition.year;
  const title = data ? t`${year} ${label}` : fallbackTitle;
  return (
    <>
      <PageBanner title={data === null ? t`Page not found` : title} eyebrow={data?.edition.name} />
      <section className="mx-auto min-h-[50vh] w-full max-w-6xl px-4 py-12">
        {data === undefined && archive.isError ? (
          <LoadError
            message={i18n._(PAGE_LOAD_ERROR)}
            retrying={archive.isFetching}
            labels={retryLabels}
            onRetry={() => void archive.refetch()}
          />
        ) : data === undefined ? (
          <LoadingSkeleton label={t`Loading ${title}…`} />
        ) : data === null ? (
          <p className="text-slate-700">
            <Trans>There is no edition at this address.</Trans>
          </p>
        ) : data.items.length === 0 ? (
          <p className="text-center text-2xl font-semibold text-brand-900">
            <Trans>Content Coming Soon...</Trans>
          </p>
        ) : (
          <>
            {data.items.some((item) => item.sample) ? (
              <div className="mb-6">
                <SampleNote>
                  <Trans>these entries are placeholders.</Trans>
                </SampleNote>
              </div>
            ) : null}
            <ArchiveItems items={data.items} />
          </>
        )}
        <Link
          to={localizedPath(COLLECTION_RULES[collection].path, locale)}
          className={buttonClassName('outline', 'mt-10')}
        >
          <Trans>{label} of the current edition</Trans>
        </Link>
      </section>
    </>
  );
}
