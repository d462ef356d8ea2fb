import type { ContentCollection, PublicContentItem } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';
import type { PrefillQuery } from '~/lib/query-prefill';

const contentPath = (collection: ContentCollection) => `/content/${collection}`;

/**
 * The visible entries of a content collection in display order (`GET /api/content/{collection}`,
 * organizers' data, revalidated by ETag on every visit).
 */
export const getContent = (collection: ContentCollection, signal?: AbortSignal) =>
  apiGet<PublicContentItem[]>(contentPath(collection), signal);

export const contentQueryOptions = (collection: ContentCollection) =>
  queryOptions({
    queryKey: ['content', collection],
    queryFn: ({ signal }) => getContent(collection, signal),
  });

/**
 * The collection as organizers keep it (filled by the server when it renders the page, see
 * `contentPrefill`), and until it arrives (or if it cannot be loaded) `firstPaint`: the
 * build-time samples the page was prerendered with, so the page never starts empty and shows
 * the organizers' entries on every visit without a rebuild.
 */
export function useContent(collection: ContentCollection, firstPaint: readonly PublicContentItem[]) {
  const query = useQuery(contentQueryOptions(collection));
  return query.data ?? firstPaint;
}

/** The same query as the server fills it, so the page is served with the organizers' entries (lib/query-prefill.ts). */
export const contentPrefill = (collection: ContentCollection): PrefillQuery => ({
  queryKey: contentQueryOptions(collection).queryKey,
  path: contentPath(collection),
});
