/**
 * Failed jobs over `/api/admin/job-failures` (JOB_FAILURE_ROLES; the server checks): the list,
 * refreshed every 30 seconds while open, and a retry of one that failed for good.
 */
import type { JobFailure } from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const PATH = '/job-failures';

/** The failed jobs; `enabled` false for roles the server would refuse. */
export const useJobFailures = (enabled = true) =>
  useAdminQuery({ ...adminQueryOptions<JobFailure[]>(PATH), enabled, refetchInterval: 30_000 });

/** Queues a failed job once more; the list is stale afterwards (whether it worked or not). */
export function useRetryJob() {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (id: string) => adminSend<null>(`${PATH}/${encodeURIComponent(id)}/retry`, 'POST'),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PATH] }),
  });
}
