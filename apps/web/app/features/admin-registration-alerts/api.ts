/**
 * The "Tell me when registration opens" list over `/api/admin/registration-alerts`: the
 * addresses newest first, and marking those written to (owners and managers; the server checks).
 */
import type {
  MarkAlertsNotified,
  MarkAlertsNotifiedResult,
  RegistrationAlert,
  RegistrationAlertListQuery,
  RegistrationAlertPage,
} from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT, adminSend, useAdminMutation } from '~/lib/console/admin-client';
import { useAdminList } from '~/lib/console/admin-list';

const PATH = '/registration-alerts';

/** The addresses, waiting or notified or both, page by page, with the count still waiting. */
export function useRegistrationAlerts(status: RegistrationAlertListQuery['status']) {
  const list = useAdminList<RegistrationAlert>(PATH, { status });
  // Every page carries the count over the whole list; the first one's is as fresh as any.
  const firstPage = list.query.data?.pages[0] as RegistrationAlertPage | undefined;
  return { ...list, waiting: firstPage?.waiting };
}

/** Marks the addresses not notified yet, left up to an instant, as written to; the list is stale afterwards. */
export function useMarkNotified() {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: MarkAlertsNotified) =>
      adminSend<MarkAlertsNotifiedResult>(`${PATH}/mark-notified`, 'POST', body),
    onSuccess: () => client.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PATH] }),
  });
}
