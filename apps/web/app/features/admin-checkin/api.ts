/** The console's check-in calls: lists, their changes, live counts, arrivals search. */
import type {
  AdminTicketType,
  CheckinAttendees,
  CheckinCounts,
  CheckinList,
  CheckinLists,
  CreateCheckinList,
  UpdateCheckinList,
} from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const LISTS_PATH = '/checkin/lists';
/** Counts refresh this often while the page is open ("live"). */
const LIVE_MS = 5_000;

export const useCheckinLists = () =>
  useAdminQuery({ ...adminQueryOptions<CheckinLists>(LISTS_PATH), refetchInterval: LIVE_MS });

export const useTicketTypes = (enabled: boolean) =>
  useAdminQuery({ ...adminQueryOptions<{ items: AdminTicketType[] }>('/ticket-types'), enabled });

export const useCheckinCounts = (listId: number) =>
  useAdminQuery({
    ...adminQueryOptions<CheckinCounts>(`${LISTS_PATH}/${listId}/counts`),
    refetchInterval: LIVE_MS,
  });

export const useArrivals = (listId: number, query: string) =>
  useAdminQuery({
    ...adminQueryOptions<CheckinAttendees>(
      `${LISTS_PATH}/${listId}/attendees?q=${encodeURIComponent(query)}`,
    ),
    enabled: query.trim().length >= 2,
  });

export function useCheckinListChanges() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, LISTS_PATH] });
  const create = useAdminMutation<CheckinList, CreateCheckinList>({
    mutationFn: (body) => adminSend<CheckinList>(LISTS_PATH, 'POST', body),
    onSuccess: refresh,
  });
  const update = useAdminMutation<CheckinList, { id: number; patch: UpdateCheckinList }>({
    mutationFn: ({ id, patch }) => adminSend<CheckinList>(`${LISTS_PATH}/${id}`, 'PATCH', patch),
    onSuccess: refresh,
  });
  const remove = useAdminMutation<null, number>({
    mutationFn: (id) => adminSend<null>(`${LISTS_PATH}/${id}`, 'DELETE'),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
