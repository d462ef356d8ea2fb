/**
 * The console's vouchers: the current edition's list with usage, creating one
 * code or a batch, disabling and enabling. Usage moves with every checkout, so the list is
 * fetched again after each change.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { Voucher, VoucherCreate, VoucherCreated } from '@festival/shared';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const PATH = '/vouchers';

/** `GET /api/admin/vouchers`: every voucher of the current edition, newest first. */
export function useVouchers() {
  return useAdminQuery(adminQueryOptions<{ items: Voucher[] }>(PATH));
}

function useRefreshVouchers() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PATH] });
}

export function useCreateVouchers() {
  const refresh = useRefreshVouchers();
  return useAdminMutation({
    mutationFn: (body: VoucherCreate) => adminSend<VoucherCreated>(PATH, 'POST', body),
    onSuccess: refresh,
  });
}

/** Disables (`enable: false`) or enables a voucher again. */
export function useSetVoucherEnabled() {
  const refresh = useRefreshVouchers();
  return useAdminMutation({
    mutationFn: ({ id, enable }: { id: number; enable: boolean }) =>
      adminSend<null>(`${PATH}/${id}/${enable ? 'enable' : 'disable'}`, 'POST', {}),
    onSuccess: refresh,
  });
}
