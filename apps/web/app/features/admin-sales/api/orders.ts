/**
 * The console's orders: the server-side list, one order's story, and what organizers do to an order
 * (cancel, record a bank transfer, refund, resend the confirmation). After a change the order's
 * story and the lists are fetched again.
 */
import { useQueryClient } from '@tanstack/react-query';
import type {
  CancelOrderRequest,
  OfflinePaymentRequest,
  OrderDetail,
  OrderListRow,
  OrganizerRefundRequest,
  Refund,
} from '@festival/shared';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';
import { useAdminList, type ListParams } from '~/lib/console/admin-list';

export function useOrderList(params: ListParams) {
  return useAdminList<OrderListRow>('/orders', params);
}

const orderPath = (reference: string) => `/orders/${encodeURIComponent(reference)}`;

/** `GET /api/admin/orders/{reference}`: attendees, passes, refunds and the timeline. */
export function useOrder(reference: string) {
  return useAdminQuery(adminQueryOptions<OrderDetail>(orderPath(reference)));
}

/**
 * Fetches every console query again after an order changed: the order itself, and the lists,
 * registrations, seats and dashboard figures it shows up in.
 */
function useRefreshConsole() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
}

export function useCancelOrder(reference: string) {
  const refresh = useRefreshConsole();
  return useAdminMutation({
    mutationFn: (body: CancelOrderRequest) =>
      adminSend<{ reference: string }>(`${orderPath(reference)}/cancel`, 'POST', body),
    onSuccess: refresh,
  });
}

export function useRecordOfflinePayment(reference: string) {
  const refresh = useRefreshConsole();
  return useAdminMutation({
    mutationFn: (body: OfflinePaymentRequest) =>
      adminSend<OrderDetail>(`${orderPath(reference)}/offline-payment`, 'POST', body),
    onSuccess: refresh,
  });
}

export function useRefundOrder(reference: string) {
  const refresh = useRefreshConsole();
  return useAdminMutation({
    mutationFn: (body: OrganizerRefundRequest) =>
      adminSend<Refund>(`${orderPath(reference)}/refunds`, 'POST', body),
    onSuccess: refresh,
  });
}

export function useResendConfirmation(reference: string) {
  const refresh = useRefreshConsole();
  return useAdminMutation({
    mutationFn: () =>
      adminSend<{ recipient: string }>(`${orderPath(reference)}/confirmation-email`, 'POST', {}),
    onSuccess: refresh,
  });
}
