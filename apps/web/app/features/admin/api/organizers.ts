/** Owners' management of organizers: `GET/POST /api/admin/organizers`, `PATCH /api/admin/organizers/:id`. */
import type { OrganizerCreate, OrganizerSummary, OrganizerUpdate } from '@festival/shared';
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

export function useAddOrganizer() {
  const refresh = useRefreshOrganizers();
  return useAdminMutation<OrganizerSummary, OrganizerCreate>({
    mutationFn: (input) => adminSend('/organizers', 'POST', input),
    onSuccess: refresh,
  });
}

export function useUpdateOrganizer() {
  const refresh = useRefreshOrganizers();
  return useAdminMutation<OrganizerSummary, { id: string; change: OrganizerUpdate }>({
    mutationFn: ({ id, change }) => adminSend(`/organizers/${encodeURIComponent(id)}`, 'PATCH', change),
    onSettled: refresh,
  });
}
