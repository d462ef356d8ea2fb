import { NewOrderPage } from '~/features/admin-sales/components/new-order-form';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('New order');

/** Comp passes for a guest list, or an order paid by bank transfer. */
export default function OrderNewPage() {
  return <NewOrderPage />;
}
