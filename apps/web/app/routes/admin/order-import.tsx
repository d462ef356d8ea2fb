import { ImportAttendeesPage } from '~/features/admin-sales/components/import-attendees';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('Import attendees');

/** Attendees from a CSV or XLSX file, previewed, then imported all or none. */
export default function OrderImportPage() {
  return <ImportAttendeesPage />;
}
