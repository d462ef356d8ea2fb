/**
 * The contact inquiries inbox over `/api/admin/inquiries`: the list (newest first, with replies),
 * marking one handled or open again, and replying by email (queued on the server; the reply makes
 * the inquiry handled).
 */
import type { Inquiry, InquiryListQuery } from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT, adminSend, useAdminMutation } from '~/lib/console/admin-client';
import { useAdminList } from '~/lib/console/admin-list';

export type InquiryFilters = Pick<InquiryListQuery, 'status' | 'q'>;

export const INQUIRIES_PATH = '/inquiries';

/** The inquiries matching `filters`, page by page. */
export function useInquiries(filters: InquiryFilters) {
  return useAdminList<Inquiry>(INQUIRIES_PATH, filters);
}

/** Every list of inquiries (any filter) is stale after a change. */
function useInvalidateInquiries() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, INQUIRIES_PATH] });
}

/** Marks an inquiry handled (`handled: true`) or open again. */
export function useSetHandled() {
  const invalidate = useInvalidateInquiries();
  return useAdminMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      adminSend<null>(`${INQUIRIES_PATH}/${id}/handled`, 'PUT', { handled }),
    onSuccess: invalidate,
  });
}

/** Queues an email reply to the inquiry's sender. */
export function useReply() {
  const invalidate = useInvalidateInquiries();
  return useAdminMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) =>
      adminSend<null>(`${INQUIRIES_PATH}/${id}/replies`, 'POST', { message }),
    onSuccess: invalidate,
  });
}
