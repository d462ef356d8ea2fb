import type { ContentArchive, ContentCollection, ContentEditions } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '~/lib/api-client';
import type { PrefillQuery } from '~/lib/query-prefill';

const editionsPath = (collection: ContentCollection) => `/content/${collection}/editions`;
const archivePath = (collection: ContentCollection, edition: string) =>
  `/content/${collection}/editions/${encodeURIComponent(edition)}`;

/**
 * The current edition and the earlier editions with entries in a collection
 * (`GET /api/content/{collection}/editions`): what a page names and links as its archive.
 */
export const contentEditionsQueryOptions = (collection: ContentCollection) =>
  queryOptions({
    queryKey: ['content', collection, 'editions'],
    queryFn: ({ signal }) => apiGet<ContentEditions>(editionsPath(collection), signal),
  });

export const useContentEditions = (collection: ContentCollection) =>
  useQuery(contentEditionsQueryOptions(collection));

/** The same query as the server fills it when it renders a page (lib/query-prefill.ts). */
export const contentEditionsPrefill = (collection: ContentCollection): PrefillQuery => ({
  queryKey: contentEditionsQueryOptions(collection).queryKey,
  path: editionsPath(collection),
});

/**
 * One edition's visible entries of a collection, by the edition's slug or year
 * (`GET /api/content/{collection}/editions/{edition}`); null when there is no such edition.
 */
export const contentArchiveQueryOptions = (collection: ContentCollection, edition: string) =>
  queryOptions({
    queryKey: ['content', collection, 'editions', edition],
    queryFn: async ({ signal }): Promise<ContentArchive | null> => {
      try {
        return await apiGet<ContentArchive>(archivePath(collection, edition), signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });

export const useContentArchive = (collection: ContentCollection, edition: string) =>
  useQuery(contentArchiveQueryOptions(collection, edition));

/** The archive query as the server fills it; an unknown edition makes the page answer 404. */
export const contentArchivePrefill = (collection: ContentCollection, edition: string): PrefillQuery => ({
  queryKey: contentArchiveQueryOptions(collection, edition).queryKey,
  path: archivePath(collection, edition),
  required: true,
});
