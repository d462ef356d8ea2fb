/**
 * The app's TanStack Query client. Only the routes under routes/query-layout.tsx (the pages that use
 * a query) and the home page's deferred queries (lib/deferred-query.ts) load this module,
 * so TanStack Query stays out of the home page's first load.
 */
import { QueryClient } from '@tanstack/react-query';
import { documentPrefill, type QuerySeed } from './query-prefill';

/**
 * Reference data rarely changes; keep it a few minutes and don't refetch on every focus. `seeds`
 * are the queries the server rendered the page with: filled as fresh, so they are not fetched
 * again on load.
 */
export function createQueryClient(seeds: readonly QuerySeed[] = []): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
  for (const seed of seeds) client.setQueryData(seed.queryKey, seed.data);
  return client;
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one client, made on first use and filled with the queries this document was
 * rendered with, so the cache outlives the query layout (left for the home page and entered again).
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient(documentPrefill()?.seeds);
  return browserClient;
}
