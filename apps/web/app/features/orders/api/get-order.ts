import type { OrderSummary } from '@festival/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet } from '~/lib/api-client';

/** An order and its passes by public reference (`GET auth/payment/orders/{reference}`). */
export const getOrder = (reference: string, signal?: AbortSignal) =>
  apiGet<OrderSummary>(`/auth/payment/orders/${encodeURIComponent(reference)}`, signal);

/** Payment confirmation can trail the redirect by a moment (a webhook); look again this often. */
const POLL_INTERVAL_MS = 2_000;
const MAX_POLLS = 10;

export const orderQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['order', reference],
    queryFn: ({ signal }) => getOrder(reference, signal),
    enabled: reference !== '',
    staleTime: 0,
    // An unknown reference will not appear by asking again.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < MAX_POLLS
        ? POLL_INTERVAL_MS
        : false,
  });

/**
 * The order, re-read every 2 s (at most 10 times) while its payment is still pending.
 * `awaitingConfirmation` is true while those re-reads continue.
 */
export function useOrder(reference: string) {
  const options = orderQueryOptions(reference);
  const query = useQuery(options);
  const updates = useQueryClient().getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  return { ...query, awaitingConfirmation: query.data?.status === 'pending' && updates < MAX_POLLS };
}
