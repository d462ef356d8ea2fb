/**
 * Owners' management of organizers: `GET/POST /api/admin/organizers` (POST invites by email),
 * `PATCH /api/admin/organizers/:id`, `POST /api/admin/organizers/:id/invitation` (invite again).
 */
import type { OrganizerInvite, OrganizerSummary, OrganizerUpdate } from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const organizersQuery = () => adminQueryOptions<{ items: OrganizerSummary[] }>('/organizers');

export const useOrganizers = () => useAdminQuery(organizersQuery());

function useRefreshOrganizers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, '/organizers'] });
}

export function useInviteOrganizer() {
  const refresh = useRefreshOrganizers();
  return useAdminMutation<OrganizerSummary, OrganizerInvite>({
    mutationFn: (input) => adminSend('/organizers', 'POST', input),
    onSuccess: refresh,
  });
}

/** Sends an invited organizer a new link (the earlier one stops working); takes their id. */
export function useResendInvitation() {
  return useAdminMutation<OrganizerSummary, string>({
    mutationFn: (id) => adminSend(`/organizers/${encodeURIComponent(id)}/invitation`, 'POST', {}),
  });
}

export function useUpdateOrganizer() {
  const refresh = useRefreshOrganizers();
  return useAdminMutation<OrganizerSummary, { id: string; change: OrganizerUpdate }>({
    mutationFn: ({ id, change }) => adminSend(`/organizers/${encodeURIComponent(id)}`, 'PATCH', change),
    onSettled: refresh,
  });
}
