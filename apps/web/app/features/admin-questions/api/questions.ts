/**
 * The console's registration questions: the current edition's list with answer counts, the
 * changes owners and managers make, and the ticket types a question may be asked of. The list
 * is fetched again after each change.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { AdminQuestion, AdminQuestionList, AdminTicketType, QuestionInput } from '@festival/shared';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const PATH = '/questions';

/** `GET /api/admin/questions`: every question of the current edition, archived ones too, in order. */
export function useAdminQuestions() {
  return useAdminQuery(adminQueryOptions<AdminQuestionList>(PATH));
}

/** `GET /api/admin/ticket-types`: the current edition's ticket types, for a question's scope. */
export function useTicketTypeChoices() {
  return useAdminQuery(adminQueryOptions<{ items: AdminTicketType[] }>('/ticket-types'));
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PATH] });
}

/** Adds a question (`question` undefined) or replaces one's fields. */
export function useSaveQuestion(question: AdminQuestion | undefined) {
  const refresh = useRefresh();
  return useAdminMutation({
    mutationFn: (body: QuestionInput) =>
      question
        ? adminSend<AdminQuestion>(`${PATH}/${question.id}`, 'PUT', body)
        : adminSend<AdminQuestion>(PATH, 'POST', body),
    onSuccess: refresh,
  });
}

/** Archives (`archive: true`) or restores a question. */
export function useArchiveQuestion() {
  const refresh = useRefresh();
  return useAdminMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      adminSend<AdminQuestion>(`${PATH}/${id}/${archive ? 'archive' : 'restore'}`, 'POST', {}),
    onSuccess: refresh,
  });
}

/** Deletes a question nobody answered. */
export function useDeleteQuestion() {
  const refresh = useRefresh();
  return useAdminMutation({
    mutationFn: (id: number) => adminSend<null>(`${PATH}/${id}`, 'DELETE'),
    onSuccess: refresh,
  });
}

/** Puts the active questions in the order of `ids`. */
export function useReorderQuestions() {
  const refresh = useRefresh();
  return useAdminMutation({
    mutationFn: (ids: number[]) => adminSend<AdminQuestionList>(`${PATH}/order`, 'POST', { ids }),
    onSuccess: refresh,
  });
}
