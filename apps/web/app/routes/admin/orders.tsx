import { OrderList } from '~/features/admin-sales/components/order-list';
import { PassTransferSetting } from '~/features/admin-sales/components/pass-transfer-setting';
import { adminMeta } from '~/features/admin/meta';
import { useOrganizer } from '~/lib/console/use-organizer';

export const meta = () => adminMeta('Orders');

/** Orders of the current edition, and whether attendees may transfer their own passes. */
export default function OrdersPage() {
  const { role } = useOrganizer();
  return (
    <>
      <OrderList />
      <PassTransferSetting role={role} />
    </>
  );
}
