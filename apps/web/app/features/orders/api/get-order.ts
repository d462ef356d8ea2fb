import type { OrderSummary } from '@festival/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, apiGet } from '~/lib/api-client';
import { orderKeyOf, withOrderKey } from '~/lib/order-keys';

/**
 * An order and its passes by public reference and key (`GET auth/payment/orders/{reference}`);
 * without this browser's key the server answers 404, as for an unknown reference.
 */
const getOrder = (reference: string, key: string | undefined, signal?: AbortSignal) =>
  apiGet<OrderSummary>(withOrderKey(`/auth/payment/orders/${encodeURIComponent(reference)}`, key), signal);

/** Payment confirmation can trail the redirect by a moment (a webhook); look again this often. */
const POLL_INTERVAL_MS = 2_000;
const MAX_POLLS = 10;

const orderQueryOptions = (reference: string, key: string | undefined) =>
  queryOptions({
    queryKey: ['order', reference, key],
    queryFn: ({ signal }) => getOrder(reference, key, signal),
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
 * `awaitingConfirmation` is true while those re-reads continue; `key` is this browser's key
 * of the order (order-keys.ts), for its PDF links.
 */
export function useOrder(reference: string) {
  const [key, setKey] = useState(() => orderKeyOf(reference));
  // An email's link opened in the tab already showing this order only changes the fragment.
  useEffect(() => {
    const onHashChange = () => setKey(orderKeyOf(reference));
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [reference]);
  const options = orderQueryOptions(reference, key);
  const query = useQuery(options);
  const updates = useQueryClient().getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  return { ...query, key, awaitingConfirmation: query.data?.status === 'pending' && updates < MAX_POLLS };
}
