/**
 * The console's registration questions: an edition's list (the current one unless the page
 * names another) with answer counts, the editions to switch between and the edition's ticket
 * types a question may be asked of; and the changes owners and managers make to that edition's
 * questions. The lists are fetched again after each change.
 */
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type { AdminQuestion, AdminQuestionList, QuestionInput } from '@festival/shared';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

const PATH = '/questions';

/** `?editionId=` for an edition the organizer chose; nothing for the current one. */
const editionQuery = (edition: number | undefined) => (edition === undefined ? '' : `?editionId=${edition}`);

/**
 * `GET /api/admin/questions`: every question of `edition` (the current one when undefined),
 * archived ones too, in order; while another edition loads, the last one's stay on screen.
 */
export function useAdminQuestions(edition: number | undefined) {
  return useAdminQuery({
    ...adminQueryOptions<AdminQuestionList>(`${PATH}${editionQuery(edition)}`),
    placeholderData: keepPreviousData,
  });
}

/** Every edition's list is fetched again: a change shows wherever it is listed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    void queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] === ADMIN_QUERY_ROOT &&
        typeof query.queryKey[1] === 'string' &&
        query.queryKey[1].startsWith(PATH),
    });
}

/** Adds a question to `edition` (`question` undefined) or replaces one's fields. */
export function useSaveQuestion(question: AdminQuestion | undefined, edition: number) {
  const refresh = useRefresh();
  return useAdminMutation({
    mutationFn: (body: QuestionInput) =>
      question
        ? adminSend<AdminQuestion>(`${PATH}/${question.id}`, 'PUT', body)
        : adminSend<AdminQuestion>(`${PATH}?editionId=${edition}`, 'POST', body),
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

/** Puts the active questions of `edition` in the order of `ids`. */
export function useReorderQuestions(edition: number | undefined) {
  const refresh = useRefresh();
  return useAdminMutation({
    mutationFn: (ids: number[]) =>
      adminSend<AdminQuestionList>(`${PATH}/order${editionQuery(edition)}`, 'POST', { ids }),
    onSuccess: refresh,
  });
}
