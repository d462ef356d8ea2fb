/**
 * Backups over `/api/admin/backups` (owners only; the server checks): the archives kept on the
 * server, newest first, and a new one taken now.
 */
import type { Backup, BackupCreated } from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const PATH = '/backups';

/** The archives in DATA_DIR/backups. */
export const useBackups = () => useAdminQuery(adminQueryOptions<Backup[]>(PATH));

/** Takes a backup now (it may take a minute on a large database); the list is stale afterwards. */
export function useTakeBackup() {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: () => adminSend<BackupCreated>(PATH, 'POST'),
    onSuccess: () => client.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PATH] }),
  });
}

/** Where the browser downloads an archive from (the session cookie authorises it). */
export const backupDownloadUrl = (name: string) => `/api/admin${PATH}/${encodeURIComponent(name)}`;
