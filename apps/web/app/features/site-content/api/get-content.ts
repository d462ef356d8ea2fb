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
 * The collection as organizers keep it: filled by the server when it renders the page (see
 * `contentPrefill`), so a visitor's first paint already has it; loaded here after a navigation
 * inside the site, and on a prerendered copy served when the page renderer is not there.
 */
export const useContent = (collection: ContentCollection) => useQuery(contentQueryOptions(collection));

/** The same query as the server fills it, so the page is served with the organizers' entries (lib/query-prefill.ts). */
export const contentPrefill = (collection: ContentCollection): PrefillQuery => ({
  queryKey: contentQueryOptions(collection).queryKey,
  path: contentPath(collection),
});
