import { adminMeta } from '~/features/admin/meta';
import { PageHeader } from '~/components/console/page-header';
import { StatusChecks } from '~/features/admin-status/status-checks';

export const meta = () => adminMeta('Status');

/** Owners: whether what the festival needs is running, and what to do when it is not. */
export default function StatusPage() {
  return (
    <>
      <PageHeader
        title="Status"
        description="The mail server, the payment keys, the pass-signing key, disk space, backups and sample content, checked now."
      />
      <StatusChecks />
    </>
  );
}
