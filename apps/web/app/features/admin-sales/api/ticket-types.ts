/**
 * The console's ticket types: the current edition's list with seats, and the
 * changes owners and managers make. Seat counts move with every checkout, so the list is
 * fetched again after each change.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  PARTICIPANT_CATEGORY_NAMES,
  type AdminTicketType,
  type CreateTicketType,
  type UpdateTicketType,
} from '@festival/shared';
import { useMemo } from 'react';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const PATH = '/ticket-types';

/** `GET /api/admin/ticket-types`: every ticket type of the current edition, archived ones too. */
export function useTicketTypes() {
  return useAdminQuery(adminQueryOptions<{ items: AdminTicketType[] }>(PATH));
}

/** The ticket types as options of a filter ("Gold Stall Package (Pitcher)"), by id. */
export function useTicketTypeOptions() {
  const ticketTypes = useTicketTypes();
  return useMemo(
    () =>
      (ticketTypes.data?.items ?? []).map((ticket) => ({
        value: String(ticket.id),
        label: `${ticket.name} (${PARTICIPANT_CATEGORY_NAMES[ticket.participantCategoryId as 1] ?? ''})`,
      })),
    [ticketTypes.data],
  );
}

function useRefreshTicketTypes() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PATH] });
}

export function useCreateTicketType() {
  const refresh = useRefreshTicketTypes();
  return useAdminMutation({
    mutationFn: (body: CreateTicketType) => adminSend<AdminTicketType>(PATH, 'POST', body),
    onSuccess: refresh,
  });
}

export function useUpdateTicketType(id: number) {
  const refresh = useRefreshTicketTypes();
  return useAdminMutation({
    mutationFn: (body: UpdateTicketType) => adminSend<AdminTicketType>(`${PATH}/${id}`, 'PATCH', body),
    onSuccess: refresh,
  });
}

/** Archives (`archive: true`) or restores a ticket type. */
export function useArchiveTicketType() {
  const refresh = useRefreshTicketTypes();
  return useAdminMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      adminSend<AdminTicketType>(`${PATH}/${id}/${archive ? 'archive' : 'restore'}`, 'POST', {}),
    onSuccess: refresh,
  });
}
