/**
 * The console's access to `/api/admin`: query options over the app's one HTTP client
 * (lib/api-client.ts) and hooks that send an organizer whose session ended (401) back to the
 * sign-in page, with the page they were on to return to.
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, apiGet, apiRequest, type RequestOptions } from '~/lib/api-client';

/** Every console query key starts with this, so signing out can drop them all at once. */
export const ADMIN_QUERY_ROOT = 'admin';

/**
 * Query options of `GET /api/admin{path}` (path with its query string), keyed by the path.
 * Console data changes under the organizer's eyes, so it is never considered fresh for long.
 */
export function adminQueryOptions<T>(path: string) {
  return queryOptions({
    queryKey: [ADMIN_QUERY_ROOT, path] as QueryKey,
    queryFn: ({ signal }) => apiGet<T>(`/admin${path}`, signal),
    staleTime: 5_000,
    // A refused request (401, 403, 404, 409) will be refused again; only network trouble retries.
    retry: (failures, error) => !(error instanceof ApiError) && failures < 2,
  });
}

/**
 * Sends a change to `/api/admin{path}` and returns the envelope's `data`.
 * @throws ApiError with the server's message (and per-field messages on 400).
 */
export async function adminSend<T>(
  path: string,
  method: NonNullable<RequestOptions['method']>,
  body?: object,
): Promise<T> {
  const { data } = await apiRequest<T>(`/admin${path}`, { method, ...(body ? { body } : {}) });
  return data;
}

/** The sign-in page's address that returns to `from` (a console path) afterwards. */
export function signInPath(from: string, reason?: 'expired'): string {
  const params = new URLSearchParams({ next: from });
  if (reason) params.set('reason', reason);
  return `/admin/sign-in?${params.toString()}`;
}

/** True for the server's "not signed in" answer. */
export const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Navigates to the sign-in page (session expired) when `error` is a 401. */
export function useSignInOnExpiry(error: unknown) {
  const navigate = useNavigate();
  const location = useLocation();
  const expired = isUnauthenticated(error);
  useEffect(() => {
    if (expired) void navigate(signInPath(location.pathname + location.search, 'expired'), { replace: true });
  }, [expired, navigate, location.pathname, location.search]);
}

/** useQuery for console data: a 401 answer sends the organizer to sign in again. */
export function useAdminQuery<TData, TQueryData = TData>(
  options: UseQueryOptions<TQueryData, Error, TData, QueryKey>,
) {
  const query = useQuery(options);
  useSignInOnExpiry(query.error);
  return query;
}

/** useMutation for console changes: a 401 answer sends the organizer to sign in again. */
export function useAdminMutation<TData, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables>,
) {
  const mutation = useMutation(options);
  useSignInOnExpiry(mutation.error);
  return mutation;
}

/** The message to show for a failed request: the server's words, or the network's. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return error.message.startsWith('The server answered')
      ? 'Too many attempts. Wait a few minutes and try again.'
      : error.message;
  }
  if (error instanceof ApiError && error.status === 403) {
    return error.message || 'Your role does not allow this.';
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
