/** The TanStack Query side of lib/deferred-query.ts, loaded with the query it follows. */
import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import type { DeferredQueryOptions } from './deferred-query';
import { browserQueryClient } from './query-client';

/**
 * Runs the query in the browser's QueryClient (fetching it unless its data is fresh) and calls
 * `onData` with its data now if it has any and on every change. Returns the unsubscribe function.
 */
export function observeQuery<TData, TKey extends QueryKey>(
  options: DeferredQueryOptions<TData, TKey>,
  onData: (data: TData) => void,
): () => void {
  const observer = new QueryObserver(browserQueryClient(), options);
  const unsubscribe = observer.subscribe((result) => {
    if (result.data !== undefined) onData(result.data);
  });
  const current = observer.getCurrentResult().data;
  if (current !== undefined) onData(current);
  return unsubscribe;
}
