/**
 * Changes to one attendee of a paid order in the console: what cancelling them would refund,
 * cancelling them, transferring their pass; and whether attendees may transfer their own passes.
 * After a change every console query is fetched again (the order, its lists, seats and figures).
 */
import { useQueryClient } from '@tanstack/react-query';
import type {
  AttendeeCancellation,
  AttendeeCancellationQuote,
  CancelAttendeeRequest,
  OrderGstDetailsRequest,
  PassTransfer,
  PassTransferRequest,
  PassTransferSettings,
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
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] }),
  });
}

export function useTransferPass(reference: string, registrationId: string) {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: PassTransferRequest) =>
      adminSend<PassTransfer>(`${attendeePath(reference, registrationId)}/transfer`, 'POST', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] }),
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
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] }),
  });
}
