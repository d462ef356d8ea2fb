import { InvoiceList } from '~/features/admin-sales/components/invoice-list';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('Invoices');

/** Tax invoices and credit notes with the GSTR-1 export. */
export default function InvoicesPage() {
  return <InvoiceList />;
}
