import type { CmsContent } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '~/lib/api-client';
import type { PrefillQuery } from '~/lib/query-prefill';

/** A nominee page's endpoint (`GET /api/auth/startup-cms/get-content/{id}`). */
const cmsPagePath = (id: string) => `/auth/startup-cms/get-content/${encodeURIComponent(id)}`;

/**
 * A nominee page; `Content` is HTML. `null` for an unknown id (the API's 404), which the page
 * shows as "not found", as the server renders it.
 */
export async function getCmsPage(id: string, signal?: AbortSignal): Promise<CmsContent | null> {
  try {
    return await apiGet<CmsContent>(cmsPagePath(id), signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

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

/** The same query as the server fills it; without the page the server answers 404 (lib/query-prefill.ts). */
export const cmsPagePrefill = (id: string): PrefillQuery => ({
  queryKey: cmsPageQueryOptions(id).queryKey,
  path: cmsPagePath(id),
  required: true,
});
