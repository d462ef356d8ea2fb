/**
 * Tax invoices and credit notes in the console: the table the invoice list and
 * an order's detail share, each document with its PDF.
 */
import { formatGstRate, gstStateName, type TaxDocumentSummary } from '@festival/shared';
import { Link } from 'react-router';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { Money } from '~/components/console/money';
import { taxDocumentPdfHref } from '../api/invoices';

const KIND_LABELS = { invoice: 'Invoice', credit_note: 'Credit note', debit_note: 'Debit note' } as const;

const columns: AdminColumn<TaxDocumentSummary>[] = [
  {
    id: 'number',
    header: 'Number',
    cell: ({ row }) => (
      <a
        href={taxDocumentPdfHref(row.original.id)}
        download
        className="font-mono text-sm font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
      >
        {row.original.number}
        <span className="sr-only"> ({KIND_LABELS[row.original.kind]} PDF)</span>
      </a>
    ),
  },
  { id: 'kind', header: 'Kind', cell: ({ row }) => KIND_LABELS[row.original.kind] },
  {
    id: 'issued',
    header: 'Issued',
    cell: ({ row }) => <DateTime value={row.original.issuedAt} className="whitespace-nowrap" />,
  },
  {
    id: 'order',
    header: 'Order',
    cell: ({ row }) => (
      <Link
        to={`/admin/orders/${row.original.orderReference}`}
        className="font-mono text-brand-700 underline"
      >
        {row.original.orderReference}
      </Link>
    ),
  },
  {
    id: 'recipient',
    header: 'Recipient',
    cell: ({ row }) => (
      <>
        <span className="block">{row.original.recipientName}</span>
        <span className="block font-mono text-xs text-slate-600">
          {row.original.recipientGstin ?? 'No GSTIN (B2C)'}
        </span>
      </>
    ),
  },
  {
    id: 'place',
    header: 'Place of supply',
    cell: ({ row }) => `${gstStateName(row.original.placeOfSupply) ?? ''} (${row.original.placeOfSupply})`,
  },
  { id: 'rate', header: 'Rate', cell: ({ row }) => formatGstRate(row.original.rateBp) },
  { id: 'taxable', header: 'Taxable', cell: ({ row }) => <Money paise={row.original.taxable} /> },
  {
    id: 'tax',
    header: 'CGST / SGST / IGST',
    cell: ({ row }) =>
      row.original.igst > 0 ? (
        <>
          IGST <Money paise={row.original.igst} />
        </>
      ) : (
        <>
          <Money paise={row.original.cgst} /> + <Money paise={row.original.sgst} />
        </>
      ),
  },
  { id: 'total', header: 'Total', cell: ({ row }) => <Money paise={row.original.total} /> },
];

export function TaxDocumentTable({
  caption,
  rows,
  loading,
  error,
  onRetry,
  emptyMessage,
  hasMore,
  onLoadMore,
  loadingMore,
}: {
  caption: string;
  rows: TaxDocumentSummary[] | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyMessage: string;
  /** Paging of a long list (DataTable's "Load more"). */
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowId={(row) => row.id}
      loading={loading ?? false}
      error={error}
      onRetry={onRetry}
      emptyMessage={emptyMessage}
      hasMore={hasMore}
      onLoadMore={onLoadMore}
      loadingMore={loadingMore}
    />
  );
}
