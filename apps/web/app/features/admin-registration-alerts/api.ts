/**
 * The "Tell me when registration opens" list over `/api/admin/registration-alerts`: the
 * addresses newest first with the current edition's sales state, the announcement that
 * registration is open, and marking those written to otherwise (owners and managers; the
 * server checks).
 */
import type {
  AnnounceRegistrationOpenResult,
  MarkAlertsNotified,
  MarkAlertsNotifiedResult,
  RegistrationAlert,
  RegistrationAlertList,
  RegistrationAlertListQuery,
} from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT, adminSend, useAdminMutation } from '~/lib/console/admin-client';
import { useAdminList } from '~/lib/console/admin-list';

const PATH = '/registration-alerts';

/**
 * The addresses, waiting or notified or both, page by page, with the count still waiting and
 * the current edition with its sales state (undefined until the first page has come).
 */
export function useRegistrationAlerts(status: RegistrationAlertListQuery['status']) {
  const list = useAdminList<RegistrationAlert>(PATH, { status });
  // Every page carries the count and the edition; the first one's are as fresh as any.
  const firstPage = list.query.data?.pages[0] as RegistrationAlertList | undefined;
  return { ...list, waiting: firstPage?.waiting, current: firstPage?.current };
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

/**
 * Emails every waiting address that registration is open and marks it notified. The list is
 * stale afterwards, and after a refusal too: a 409 means the sales state changed meanwhile.
 */
export function useAnnounceRegistrationOpen() {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: () => adminSend<AnnounceRegistrationOpenResult>(`${PATH}/announce`, 'POST'),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PATH] }),
  });
}
