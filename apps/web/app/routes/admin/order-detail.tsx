import { useOrder } from '~/features/admin-sales/api/orders';
import { OrderDetailView } from '~/features/admin-sales/components/order-detail';
import { adminMeta } from '~/features/admin/meta';
import { QueryState } from '~/components/console/query-state';
import type { Route } from './+types/order-detail';

export const meta = () => adminMeta('Order');

/** One order with its timeline and what organizers may do to it. */
export default function OrderDetailPage({ params }: Route.ComponentProps) {
  const order = useOrder(params.reference);
  return (
    <QueryState query={order} loadingLabel="Loading the order…">
      {(data) => <OrderDetailView order={data} />}
    </QueryState>
  );
}
