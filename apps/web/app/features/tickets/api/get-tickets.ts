import type { TicketType } from '@festival/shared';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/**
 * Ticket types on sale for a participant category, with seats left
 * (`auth/list-by-participant/ticketMaster/{participantCategoryId}`). Amounts in paise.
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

/**
 * Looks ticket types up by category and name, for pages that show prices without selling (prices
 * are kept once, in the ticket types). Loads the lists of `participantCategoryIds`, the same
 * queries the register page uses. The lookup answers undefined while a list loads, null when it
 * failed or has no such ticket type.
 */
export function useTicketPrices(participantCategoryIds: readonly number[]) {
  const lists = useQueries({ queries: participantCategoryIds.map((id) => ticketsQueryOptions(id)) });
  return (participantCategoryId: number, name: string): TicketType | null | undefined => {
    const list = lists[participantCategoryIds.indexOf(participantCategoryId)];
    if (!list || list.isError) return null;
    if (!list.data) return undefined;
    return list.data.find((ticket) => ticket.name === name) ?? null;
  };
}
