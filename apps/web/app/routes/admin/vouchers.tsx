import { VoucherList } from '~/features/admin-sales/components/voucher-list';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('Vouchers');

/** Vouchers of the current edition with their usage. */
export default function VouchersPage() {
  return <VoucherList />;
}
