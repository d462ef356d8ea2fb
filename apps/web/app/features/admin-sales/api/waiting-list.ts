/**
 * The console's waiting lists: every ticket type with its line, offering seats
 * by hand, removing entries, and each type's hold time. Offers move seats, so the list (and
 * the vouchers, which offers create and withdraw) are fetched again after each change.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { WaitingListOfType } from '@festival/shared';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const PATH = '/waiting-list';

/** `GET /api/admin/waiting-list`: the current edition's ticket types with their lines. */
export function useWaitingLists() {
  return useAdminQuery(adminQueryOptions<{ items: WaitingListOfType[] }>(PATH));
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PATH] });
    void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, '/vouchers'] });
  };
}

/** Offers free seats to an entry (`offer`) or takes it off the list (`remove`). */
export function useWaitingListAction() {
  const refresh = useRefresh();
  return useAdminMutation({
    mutationFn: ({ id, action }: { id: number; action: 'offer' | 'remove' }) =>
      adminSend<null>(`${PATH}/entries/${id}/${action}`, 'POST', {}),
    onSuccess: refresh,
  });
}

export function useSetHoldHours() {
  const refresh = useRefresh();
  return useAdminMutation({
    mutationFn: ({ ticketTypeId, holdHours }: { ticketTypeId: number; holdHours: number }) =>
      adminSend<null>(`${PATH}/ticket-types/${ticketTypeId}/hold`, 'PUT', { holdHours }),
    onSuccess: refresh,
  });
}
