/**
 * A console list on TanStack Table: the server pages, filters and sorts (lists are server-side,
 * cursor-paginated); the table only renders the rows it has and offers "Load more" while the
 * server has a `nextCursor`. Loading, error and empty states are part of it. On a phone the
 * table scrolls sideways inside a focusable, labelled region.
 */
import { clsx } from 'clsx';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from './query-state';

/** The console's tables use only TanStack Table's core (the server does the rest). */
export const adminTableFeatures = tableFeatures({});

/** A column of a console table over rows of `T`. */
export type AdminColumn<T extends RowData> = ColumnDef<typeof adminTableFeatures, T>;

export interface DataTableProps<T extends RowData> {
  /** Names the table for screen readers (its caption, visually hidden). */
  caption: string;
  /** Keep stable (module scope or useMemo): a new array rebuilds the table. */
  columns: readonly AdminColumn<T>[];
  rows: readonly T[] | undefined;
  /** A stable id per row (defaults to the index). */
  rowId?: (row: T) => string;
  /** The first page is loading. */
  loading?: boolean;
  /** The first page failed; with a retry. */
  error?: unknown;
  onRetry?: () => void;
  emptyMessage?: ReactNode;
  /** There is a next page (the server answered a `nextCursor`). */
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
}

const EMPTY: never[] = [];

export function DataTable<T extends RowData>({
  caption,
  columns,
  rows,
  rowId,
  loading = false,
  error,
  onRetry,
  emptyMessage = 'Nothing to show.',
  hasMore = false,
  onLoadMore,
  loadingMore = false,
}: DataTableProps<T>) {
  const data = rows ?? (EMPTY as T[]);
  const columnList = useMemo(() => [...columns], [columns]);
  const table = useTable({
    features: adminTableFeatures,
    columns: columnList,
    data: data as T[],
    ...(rowId ? { getRowId: (row: T) => rowId(row) } : {}),
  });

  if (loading) return <LoadingState label={`Loading ${caption.toLowerCase()}…`} />;
  if (error && data.length === 0) return <ErrorState error={error} onRetry={() => onRetry?.()} />;
  if (data.length === 0) return <EmptyState>{emptyMessage}</EmptyState>;

  return (
    <div>
      <div
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
        role="region"
        aria-label={caption}
        tabIndex={0}
      >
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-3 py-2.5 font-semibold whitespace-nowrap text-slate-700"
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="align-top hover:bg-slate-50">
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2.5 text-slate-800">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error ? (
        <div className="mt-3">
          <ErrorState error={error} onRetry={() => onRetry?.()} />
        </div>
      ) : null}
      {hasMore && onLoadMore ? (
        <div className={clsx('mt-4 flex justify-center')}>
          <Button variant="outline" pending={loadingMore} pendingLabel="Loading more…" onClick={onLoadMore}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
