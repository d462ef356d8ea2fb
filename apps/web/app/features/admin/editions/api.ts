/** The console's edition calls: the current edition, its changes, the next edition. */
import type { CreateEditionInput, Edition, UpdateEdition } from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const CURRENT_PATH = '/editions/current';

export const useCurrentEdition = () => useAdminQuery(adminQueryOptions<Edition>(CURRENT_PATH));

export function useEditionChanges() {
  const queryClient = useQueryClient();
  // Another edition means other ticket types, orders and figures: drop every console query.
  const becameCurrent = (edition: Edition) => {
    queryClient.setQueryData([ADMIN_QUERY_ROOT, CURRENT_PATH], edition);
    void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
  };
  const update = useAdminMutation<Edition, UpdateEdition>({
    mutationFn: (patch) => adminSend<Edition>(CURRENT_PATH, 'PATCH', patch),
    onSuccess: (edition) => queryClient.setQueryData([ADMIN_QUERY_ROOT, CURRENT_PATH], edition),
  });
  const create = useAdminMutation<Edition, CreateEditionInput>({
    mutationFn: (body) => adminSend<Edition>('/editions', 'POST', body),
    onSuccess: becameCurrent,
  });
  return { update, create };
}
