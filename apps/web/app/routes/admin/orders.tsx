import { OrderList } from '~/features/admin-sales/components/order-list';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('Orders');

/** Orders of the current edition. */
export default function OrdersPage() {
  return <OrderList />;
}
