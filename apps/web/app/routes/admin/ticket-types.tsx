import { TicketTypeList } from '~/features/admin-sales/components/ticket-type-list';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('Ticket types');

/** Ticket types of the current edition with their seats. */
export default function TicketTypesPage() {
  return <TicketTypeList />;
}
