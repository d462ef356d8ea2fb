/**
 * Changes to one attendee of a paid order in the console: what cancelling them would refund,
 * cancelling them, what changing their ticket would cost or refund, changing it, transferring
 * their pass; and whether attendees may transfer their own passes. After a change every console
 * query but the quotes is fetched again (the order, its lists, seats and figures): a quote asked
 * again after its change answers 409 (the attendee is cancelled, or holds that ticket now) while
 * its dialog closes, and it is asked afresh whenever a dialog opens.
 */
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import type {
  AttendeeCancellation,
  AttendeeCancellationQuote,
  CancelAttendeeRequest,
  ChangeTicketTypeRequest,
  OrderGstDetailsRequest,
  PassTransfer,
  PassTransferRequest,
  PassTransferSettings,
  TicketChangeQuote,
  TicketTypeChange,
} from '@festival/shared';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const attendeePath = (reference: string, registrationId: string) =>
  `/orders/${encodeURIComponent(reference)}/attendees/${encodeURIComponent(registrationId)}`;

/** The last part of the paths of the quotes a change dialog shows. */
const QUOTE_ENDINGS = ['/cancellation', '/ticket-change'];

/** Whether a query is a change dialog's quote (its key is `[ADMIN_QUERY_ROOT, path]`). */
const isQuote = (query: Query) => {
  const [, path] = query.queryKey;
  return typeof path === 'string' && QUOTE_ENDINGS.some((ending) => path.endsWith(ending));
};

/** Fetches every console query again after a change, but the change dialogs' quotes. */
export const refreshAfterChange = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({
    queryKey: [ADMIN_QUERY_ROOT],
    predicate: (query) => !isQuote(query),
  });

/** `GET …/attendees/{registrationId}/cancellation`, fetched while `enabled` (the dialog is open). */
export function useAttendeeCancellationQuote(reference: string, registrationId: string, enabled: boolean) {
  return useAdminQuery({
    ...adminQueryOptions<AttendeeCancellationQuote>(
      `${attendeePath(reference, registrationId)}/cancellation`,
    ),
    enabled,
    // The refund depends on what was refunded since: never answer from an older read.
    staleTime: 0,
  });
}

export function useCancelAttendee(reference: string, registrationId: string) {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: CancelAttendeeRequest) =>
      adminSend<AttendeeCancellation>(`${attendeePath(reference, registrationId)}/cancel`, 'POST', body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/**
 * `GET …/attendees/{registrationId}/ticket-change`: every ticket the attendee could move to, with
 * its difference and GST, fetched while `enabled` (the dialog is open).
 */
export function useTicketChangeQuote(reference: string, registrationId: string, enabled: boolean) {
  return useAdminQuery({
    ...adminQueryOptions<TicketChangeQuote>(`${attendeePath(reference, registrationId)}/ticket-change`),
    enabled,
    // Seats and what was refunded change under the dialog: never answer from an older read.
    staleTime: 0,
  });
}

export function useChangeTicketType(reference: string, registrationId: string) {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: ChangeTicketTypeRequest) =>
      adminSend<TicketTypeChange>(`${attendeePath(reference, registrationId)}/change-ticket`, 'POST', body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useTransferPass(reference: string, registrationId: string) {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: PassTransferRequest) =>
      adminSend<PassTransfer>(`${attendeePath(reference, registrationId)}/transfer`, 'POST', body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** `GET /api/admin/pass-transfers`: whether attendees may transfer their own passes. */
export function usePassTransferSettings() {
  return useAdminQuery(adminQueryOptions<PassTransferSettings>('/pass-transfers'));
}

export function useSavePassTransferSettings() {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: PassTransferSettings) =>
      adminSend<PassTransferSettings>('/pass-transfers', 'PUT', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, '/pass-transfers'] }),
  });
}

export function useChangeGstDetails(reference: string) {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: OrderGstDetailsRequest) =>
      adminSend<null>(`/orders/${encodeURIComponent(reference)}/gst-details`, 'PUT', body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}
