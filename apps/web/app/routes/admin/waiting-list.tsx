import { WaitingListView } from '~/features/admin-sales/components/waiting-list-view';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('Waiting list');

/** Waiting lists of the current edition's ticket types. */
export default function WaitingListPage() {
  return <WaitingListView />;
}
