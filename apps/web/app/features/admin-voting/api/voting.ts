/**
 * Award voting in the console over `/api/admin/voting`: verified votes per
 * nominee with suspicious patterns flagged, refreshed while the page is open, and opening or
 * closing voting.
 */
import type { VotingResults } from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import { adminQueryOptions, adminSend, useAdminMutation, useAdminQuery } from '~/lib/console/admin-client';

const resultsOptions = adminQueryOptions<VotingResults>('/voting');

/** The results, refreshed every 30 seconds while voting runs. */
export function useVotingResults() {
  return useAdminQuery({ ...resultsOptions, refetchInterval: 30_000 });
}

/** Opens (`true`) or closes voting; the results are read again afterwards. */
export function useSetVotingOpen() {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (open: boolean) => adminSend<{ open: boolean }>('/voting/state', 'PUT', { open }),
    onSuccess: () => client.invalidateQueries({ queryKey: resultsOptions.queryKey }),
  });
}
