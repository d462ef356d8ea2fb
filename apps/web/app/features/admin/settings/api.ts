/** The console's settings calls: read and save the organizer's GST and contact settings. */
import type { Settings, UpdateSettingsInput } from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const PATH = '/settings';

export const useSettings = () => useAdminQuery(adminQueryOptions<Settings>(PATH));

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useAdminMutation<Settings, UpdateSettingsInput>({
    mutationFn: (body) => adminSend<Settings>(PATH, 'PUT', body),
    onSuccess: (settings) => queryClient.setQueryData([ADMIN_QUERY_ROOT, PATH], settings),
  });
}
