/** `GET /api/admin/dashboard` (packages/shared admin-dashboard.ts), refreshed every 30 s and on focus. */
import type { Dashboard } from '@festival/shared';
import { adminQueryOptions, useAdminQuery } from '~/lib/console/admin-client';

/** How often the dashboard's figures are read again while it is open. */
export const DASHBOARD_REFRESH_MS = 30_000;

export const dashboardQueryOptions = () => ({
  ...adminQueryOptions<Dashboard>('/dashboard'),
  refetchInterval: DASHBOARD_REFRESH_MS,
  refetchOnWindowFocus: true,
});

export const useDashboard = () => useAdminQuery(dashboardQueryOptions());
