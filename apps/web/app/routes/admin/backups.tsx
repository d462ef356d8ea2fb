import { adminMeta } from '~/features/admin/meta';
import { PageHeader } from '~/components/console/page-header';
import { Backups } from '~/features/admin-backups/backups';

export const meta = () => adminMeta('Backups');

/** Owners: the server's backup archives, a new one taken now, and each to download. */
export default function BackupsPage() {
  return (
    <>
      <PageHeader
        title="Backups"
        description="Archives of the database and the uploaded files. Keep copies off this machine; restoring is in the operations guide."
      />
      <Backups />
    </>
  );
}
