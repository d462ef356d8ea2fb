/**
 * Download links of a console export (`GET /api/admin/exports/{what}`) as CSV and XLSX, carrying
 * the list's current filters. Plain links: the browser sends the session cookie and saves the
 * server's streamed attachment itself.
 */
import { buttonClassName } from '~/components/ui/button';
import type { ListParams } from '~/lib/console/admin-list';

export type ExportName = 'registrations' | 'orders' | 'inquiries' | 'votes' | 'registration-alerts';

/** The address of an export in `format` with `filters` (empty ones left out). */
export function exportHref(what: ExportName, format: 'csv' | 'xlsx', filters: ListParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  search.set('format', format);
  return `/api/admin/exports/${what}?${search.toString()}`;
}

export function ExportLinks({
  what,
  label,
  filters,
}: {
  what: ExportName;
  /** What is exported, completing the links' accessible names ("Export CSV of inquiries"). */
  label: string;
  filters?: ListParams;
}) {
  return (
    <>
      <a href={exportHref(what, 'csv', filters)} download className={buttonClassName('outline')}>
        Export CSV<span className="sr-only"> of {label}</span>
      </a>
      <a href={exportHref(what, 'xlsx', filters)} download className={buttonClassName('outline')}>
        Export Excel<span className="sr-only"> of {label}</span>
      </a>
    </>
  );
}
