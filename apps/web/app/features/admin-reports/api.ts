/**
 * The console's reports over `/api/admin/reports` (REPORT_ROLES; the server checks): an
 * edition's figures, and the addresses of each report's CSV and XLSX files.
 */
import type { ReportName, Reports } from '@festival/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { adminQueryOptions, useAdminQuery } from '~/lib/console/admin-client';

/**
 * The reports of `edition` (the current one when undefined); while another edition loads, the
 * last one's stay on screen.
 */
export const useReports = (edition: number | undefined) =>
  useAdminQuery({
    ...adminQueryOptions<Reports>(`/reports${edition === undefined ? '' : `?edition=${edition}`}`),
    placeholderData: keepPreviousData,
  });

/** The file of report `name` of `edition` in `format`. */
export function reportHref(name: ReportName, format: 'csv' | 'xlsx', edition: number | undefined): string {
  const search = new URLSearchParams({ format });
  if (edition !== undefined) search.set('edition', String(edition));
  return `/api/admin/reports/${name}?${search.toString()}`;
}
