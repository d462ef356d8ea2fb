/**
 * A query on a page that leaves TanStack Query out of its first load (the home page,
 * which needs no query to paint or hydrate; routes/query-layout.tsx). This module imports no
 * TanStack Query code: the query's options and TanStack Query come with `load`, a dynamic import.
 */
import type { QueryKey, QueryObserverOptions } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/** Options of a query whose data is `TData` (as `queryOptions(...)` returns them). */
export type DeferredQueryOptions<TData, TKey extends QueryKey> = QueryObserverOptions<
  TData,
  Error,
  TData,
  TData,
  TKey
>;

/**
 * The query's data: undefined on the first render (the page shows the built-in values it was
 * prerendered with), then, once the browser is idle after hydration, whatever the query holds in
 * the app's one QueryClient (lib/query-client.ts), following its updates. The cache is shared, so
 * another page reads what this one loaded. `load` must be stable (a module-level function);
 * while `enabled` is false nothing loads and the data is undefined.
 */
export function useDeferredQuery<TData, TKey extends QueryKey>(
  load: () => Promise<DeferredQueryOptions<TData, TKey>>,
  enabled = true,
): TData | undefined {
  const [data, setData] = useState<TData>();
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void Promise.all([load(), import('./observe-query')]).then(([options, { observeQuery }]) => {
        // A transition: the data may reach a part of the page React has not hydrated yet (the
        // home page's lazily loaded part), which an urgent update would replace by its fallback.
        if (!cancelled) stop = observeQuery(options, (next) => startTransition(() => setData(next)));
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [load, enabled]);
  return enabled ? data : undefined;
}
