import { ContentCollectionSchema } from '@festival/shared';
import { ArchiveView } from '~/features/content-pages/components/archive-view';
import { contentArchivePrefill, useContentArchive } from '~/features/site-content/api/get-content-editions';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';
import type { Route } from './+types/content-archive';

/** The collection of `/archive/{collection}/{edition}`, or sponsors for an unknown one (answered 404 by the API). */
const collectionOf = (value: string | undefined) => ContentCollectionSchema.catch('sponsors').parse(value);

/** The server renders the archive with its entries, and answers 404 for an unknown edition. */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: (params) => [contentArchivePrefill(collectionOf(params.collection), params.edition ?? '')],
  meta: ({ params }) => ({
    title: `${params.edition} ${collectionOf(params.collection)}`,
    description: 'The entries of one edition of Startup Fest Gujarat.',
    path: `/archive/${params.collection}/${params.edition}`,
  }),
};

/** One edition's entries of a content collection: an earlier one's archive, linked from the collection's page, or the current one's (the menu's sponsors). */
export default function ContentArchivePage({ params }: Route.ComponentProps) {
  const collection = collectionOf(params.collection);
  const archive = useContentArchive(collection, params.edition);
  return <ArchiveView collection={collection} archive={archive} fallbackTitle="Archive" />;
}
