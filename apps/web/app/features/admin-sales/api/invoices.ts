/** The console's tax invoices and credit notes (issue 10 §2): the filtered list and download addresses. */
import type { InvoiceList } from '@festival/shared';
import { adminQueryOptions, useAdminQuery } from '~/features/admin/api/admin-client';

/** `GET /api/admin/invoices` with the list's filters (empty ones left out). */
export function useInvoiceList(filters: Record<string, string>) {
  const search = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  const query = search.toString();
  return useAdminQuery(adminQueryOptions<InvoiceList>(`/invoices${query ? `?${query}` : ''}`));
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
