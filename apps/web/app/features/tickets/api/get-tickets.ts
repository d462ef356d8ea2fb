import type { TicketType } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/**
 * Ticket types on sale for a participant category, with seats left (spec §7
 * `auth/list-by-participant/ticketMaster/{participantCategoryId}`). Amounts in paise.
 */
export const getTickets = (participantCategoryId: number, signal?: AbortSignal) =>
  apiGet<TicketType[]>(`/auth/list-by-participant/ticketMaster/${participantCategoryId}`, signal);

/** Seats change as others buy, so the list is refetched whenever it is shown again after 30 s. */
export const ticketsQueryOptions = (participantCategoryId: number) =>
  queryOptions({
    queryKey: ['tickets', participantCategoryId],
    queryFn: ({ signal }) => getTickets(participantCategoryId, signal),
    staleTime: 30_000,
  });

export const useTickets = (participantCategoryId: number) =>
  useQuery(ticketsQueryOptions(participantCategoryId));
