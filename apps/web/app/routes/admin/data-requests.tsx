import { adminMeta } from '~/features/admin/meta';
import { PageHeader } from '~/components/console/page-header';
import { DeletionRequests } from '~/features/admin-privacy/deletion-requests';

export const meta = () => adminMeta('Data requests');

/** DPDP Act 2023 §12: registrants' requests to erase their personal data, carried out by an owner. */
export default function DataRequestsPage() {
  return (
    <>
      <PageHeader
        title="Data requests"
        description="People who asked on their manage page for their personal data to be erased. Erasing keeps orders and tax invoices, which the law requires."
      />
      <DeletionRequests />
    </>
  );
}
