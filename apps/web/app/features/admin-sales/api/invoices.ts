/** The console's tax invoices and credit notes: the filtered list and download addresses. */
import type { TaxDocumentSummary } from '@festival/shared';
import { useAdminList } from '~/lib/console/admin-list';

/** `GET /api/admin/invoices` with the list's filters (empty ones left out), page by page. */
export function useInvoiceList(filters: Record<string, string>) {
  return useAdminList<TaxDocumentSummary>('/invoices', filters);
}

/** The PDF of one document; a plain link, so the browser sends the session cookie and saves the file. */
export const taxDocumentPdfHref = (id: string) => `/api/admin/invoices/${encodeURIComponent(id)}/pdf`;

/** A GSTR-1 section of the documents issued between the filter's days. */
export function gstr1Href(
  section: 'b2b' | 'b2cs' | 'cdnr',
  format: 'csv' | 'xlsx',
  filters: Record<string, string>,
) {
  const search = new URLSearchParams({ section, format });
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  return `/api/admin/invoices/gstr1?${search.toString()}`;
}
