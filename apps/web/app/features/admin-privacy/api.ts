/**
 * Registrants' deletion requests (DPDP Act 2023 §12) over `/api/admin/deletion-requests`: the
 * list, newest first, and carrying one out (owner only; the server checks).
 */
import type { DeletionRequest, DeletionRequestListQuery } from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT, adminSend, useAdminMutation } from '~/lib/console/admin-client';
import { useAdminList } from '~/lib/console/admin-list';

const PATH = '/deletion-requests';

/** The requests, open or handled or both, page by page. */
export function useDeletionRequests(status: DeletionRequestListQuery['status']) {
  return useAdminList<DeletionRequest>(PATH, { status });
}

/** Erases the personal data a request names; every list is stale afterwards. */
export function useErase() {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (id: number) => adminSend<DeletionRequest>(`${PATH}/${id}/erase`, 'POST'),
    onSuccess: () => client.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PATH] }),
  });
}
