/**
 * Cursor-paginated console lists (`{items, nextCursor}`, packages/shared admin.ts `pageOf`):
 * the server filters and pages; the browser keeps the pages loaded so far and asks for the next
 * with `?cursor=`. Pair with DataTable: `<DataTable rows={list.rows} hasMore={list.hasMore}
 * onLoadMore={list.loadMore} …/>`.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '~/lib/api-client';
import { ADMIN_QUERY_ROOT, useSignInOnExpiry } from './admin-client';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Filters of a list as query parameters; empty and undefined ones are left out. */
export type ListParams = Record<string, string | number | boolean | undefined | null>;

function queryString(params: ListParams, cursor: string | null): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  if (cursor) search.set('cursor', cursor);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Infinite query options of `GET /api/admin{path}` with `params`, keyed by both. */
export function adminListQueryOptions<T>(path: string, params: ListParams = {}) {
  return infiniteQueryOptions({
    queryKey: [ADMIN_QUERY_ROOT, path, 'list', params],
    queryFn: ({ pageParam, signal }) =>
      apiGet<Page<T>>(`/admin${path}${queryString(params, pageParam)}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5_000,
  });
}

/** The rows of every page loaded so far, and how to load the next. A 401 sends the organizer to sign in. */
export function useAdminList<T>(path: string, params: ListParams = {}) {
  const query = useInfiniteQuery(adminListQueryOptions<T>(path, params));
  useSignInOnExpiry(query.error);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return {
    query,
    rows,
    loading: query.isPending,
    error: query.error,
    retry: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
  };
}
