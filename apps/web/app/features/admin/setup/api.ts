/** The console's first-run checklist (`GET /api/admin/setup`). */
import type { SetupChecklist } from '@festival/shared';
import { adminQueryOptions, useAdminQuery } from '~/lib/console/admin-client';

export const useSetupChecklist = (enabled = true) =>
  useAdminQuery({ ...adminQueryOptions<SetupChecklist>('/setup'), enabled });
