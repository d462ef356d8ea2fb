/**
 * The TanStack Query provider of every page that uses a query (app/routes.ts): a pathless layout
 * rather than part of root.tsx, so the pages that use none, and the home page, which needs none
 * to paint or hydrate, do not load TanStack Query up front (the home page's queries
 * load later, lib/deferred-query.ts). A page outside it that calls a query hook fails at once
 * ("No QueryClient set"): move such a page under it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { Outlet } from 'react-router';
import { browserQueryClient, createQueryClient } from '~/lib/query-client';
import { QueryPrefillContext } from '~/lib/query-prefill';

export default function QueryLayout() {
  // A render on the server (prerendering, or a content page rendered with its data) gets its own
  // client holding that render's queries; the browser keeps one for the whole visit.
  const serverPrefill = useContext(QueryPrefillContext);
  const [client] = useState(() =>
    typeof document === 'undefined' ? createQueryClient(serverPrefill?.seeds) : browserQueryClient(),
  );
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
