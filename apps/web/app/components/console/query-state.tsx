/**
 * Loading, empty and error states of console data. `QueryState` picks the right one for a
 * TanStack Query result and renders `children` with the data once it is there.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, LoadingSkeleton, QueryContent } from '~/components/ui/load-state';
import { errorMessage } from '~/lib/console/admin-client';

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return <LoadingSkeleton label={label} />;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-600">
      {children}
    </p>
  );
}

export function ErrorState({
  error,
  onRetry,
  retrying = false,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return <LoadError message={errorMessage(error)} onRetry={onRetry} retrying={retrying} />;
}

/**
 * Renders a query's loading skeleton, its error with a retry, the `empty` message when
 * `isEmpty(data)`, or `children(data)`.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryContent query={query} loadingLabel={loadingLabel ?? 'Loading…'} errorMessage={errorMessage}>
      {(data) => (isEmpty?.(data) ? <EmptyState>{empty ?? 'Nothing here yet.'}</EmptyState> : children(data))}
    </QueryContent>
  );
}
