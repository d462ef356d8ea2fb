/**
 * Changes to one attendee of a paid order in the console: what cancelling them would refund, and
 * cancelling them. After a change every console query is fetched again (the order, its lists,
 * seats and figures).
 */
import { useQueryClient } from '@tanstack/react-query';
import type {
  AttendeeCancellation,
  AttendeeCancellationQuote,
  CancelAttendeeRequest,
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
