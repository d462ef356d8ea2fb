/**
 * The console's registrations: the server-side list, one registration, and the
 * changes an owner or manager makes to it. Every answer is typed with the shared schema's type.
 */
import { useQueryClient } from '@tanstack/react-query';
import type {
  Answers,
  AttendeeAnswers,
  RegistrationDetail,
  RegistrationRow,
  UpdateRegistrationContact,
} from '@festival/shared';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';
import { useAdminList, type ListParams } from '~/lib/console/admin-list';

/** Pages of `GET /api/admin/registrations` with the list's filters. */
export function useRegistrationList(params: ListParams) {
  return useAdminList<RegistrationRow>('/registrations', params);
}

const detailPath = (id: string) => `/registrations/${encodeURIComponent(id)}`;

/** `GET /api/admin/registrations/{id}`: every field, orders, passes and files. */
export function useRegistration(id: string) {
  return useAdminQuery(adminQueryOptions<RegistrationDetail>(detailPath(id)));
}

/** After a change: the registration as the server answered it, and the lists fetched again. */
function useRefreshRegistration(id: string) {
  const queryClient = useQueryClient();
  return (detail: RegistrationDetail) => {
    queryClient.setQueryData([ADMIN_QUERY_ROOT, detailPath(id)], detail);
    void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, '/registrations', 'list'] });
  };
}

/** `PATCH /api/admin/registrations/{id}`: the contact fields. */
export function useUpdateContact(id: string) {
  const refresh = useRefreshRegistration(id);
  return useAdminMutation({
    mutationFn: (body: UpdateRegistrationContact) =>
      adminSend<RegistrationDetail>(detailPath(id), 'PATCH', body),
    onSuccess: (detail) => refresh(detail),
  });
}

/** `POST /api/admin/registrations/{id}/pass-email`: queues the pass email again. */
export function useResendPassEmail(id: string) {
  return useAdminMutation({
    mutationFn: () =>
      adminSend<{ recipient: string; passCode: string }>(`${detailPath(id)}/pass-email`, 'POST', {}),
  });
}

const answersPath = (id: string) => `${detailPath(id)}/answers`;

/** `GET /api/admin/registrations/{id}/answers`: the questions asked of the attendee with their stored answers. */
export function useRegistrationAnswers(id: string) {
  return useAdminQuery(adminQueryOptions<AttendeeAnswers>(answersPath(id)));
}

/** `PUT /api/admin/registrations/{id}/answers`: the attendee's new answers; the page's answers are fetched again. */
export function useSaveAnswers(id: string) {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (answers: Answers) => adminSend<AttendeeAnswers>(answersPath(id), 'PUT', { answers }),
    onSuccess: (sheet) => {
      queryClient.setQueryData([ADMIN_QUERY_ROOT, answersPath(id)], sheet);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, detailPath(id)], exact: true });
    },
  });
}
