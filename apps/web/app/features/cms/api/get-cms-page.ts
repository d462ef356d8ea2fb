import type { CmsContent } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '~/lib/api-client';

/**
 * A nominee page (spec §7 `GET /api/auth/startup-cms/get-content/{id}`); `Content` is HTML.
 * @throws ApiError 404 'Page not found' for an unknown id.
 */
export const getCmsPage = (id: string, signal?: AbortSignal) =>
  apiGet<CmsContent>(`/auth/startup-cms/get-content/${encodeURIComponent(id)}`, signal);

/** An unknown page stays unknown: only retry failures that may pass on a second try. */
const retryUnlessClientError = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1;

export const cmsPageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['cms', 'page', id],
    queryFn: ({ signal }) => getCmsPage(id, signal),
    retry: retryUnlessClientError,
  });

export const useCmsPage = (id: string) => useQuery(cmsPageQueryOptions(id));
