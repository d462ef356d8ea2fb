/** Loading and failure states of server-loaded page content: a skeleton, or a message with a retry. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from './button';

/** What a page says when its content could not be loaded. */
export const PAGE_LOAD_ERROR = 'We could not load this page right now. Please try again later.';

export function LoadingSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-3">
      <span className="sr-only">{label}</span>
      <div className="h-8 w-2/3 rounded bg-slate-200" />
      <div className="h-4 w-full rounded bg-slate-200" />
      <div className="h-4 w-11/12 rounded bg-slate-200" />
      <div className="h-4 w-4/5 rounded bg-slate-200" />
    </div>
  );
}

/** The retry button's words; a translated page gives its own (the console keeps English). */
export interface RetryLabels {
  retry: string;
  retrying: string;
}

const ENGLISH_RETRY: RetryLabels = { retry: 'Try again', retrying: 'Trying again…' };

export function LoadError({
  message,
  onRetry,
  retrying,
  labels = ENGLISH_RETRY,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  labels?: RetryLabels;
}) {
  return (
    <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-5 text-center">
      <p className="text-slate-800">{message}</p>
      <Button
        variant="outline"
        className="mt-4"
        pending={retrying}
        pendingLabel={labels.retrying}
        onClick={onRetry}
      >
        {labels.retry}
      </Button>
    </div>
  );
}

/**
 * A query's part of a page: the skeleton (announcing `loadingLabel`) while it loads, the error
 * message with a retry when it failed (`errorMessage`, or made from the error), and
 * `children(data)` once the data is there.
 */
export function QueryContent<T>({
  query,
  loadingLabel,
  errorMessage,
  stateClassName,
  retryLabels,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorMessage: string | ((error: Error) => string);
  /** Classes of a box around the loading and error states, where the page gives its data none. */
  stateClassName?: string;
  /** The retry button's words in the page's language; English when not given. */
  retryLabels?: RetryLabels;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className={stateClassName}>
        <LoadingSkeleton label={loadingLabel} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={stateClassName}>
        <LoadError
          message={typeof errorMessage === 'string' ? errorMessage : errorMessage(query.error)}
          retrying={query.isFetching}
          labels={retryLabels ?? ENGLISH_RETRY}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
