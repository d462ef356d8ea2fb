import type { PublicQuestion } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/**
 * The current edition's registration questions for a participant category's form and its
 * ticket type (`registration-questions`), in the order the organizer set.
 */
export const getQuestions = (
  participantCategoryId: number,
  ticketId: number | undefined,
  signal?: AbortSignal,
) =>
  apiGet<PublicQuestion[]>(
    `/registration-questions?participantCategoryId=${participantCategoryId}${ticketId ? `&ticketId=${ticketId}` : ''}`,
    signal,
  );

/** Organizers change questions rarely; a minute old is fresh enough, the server checks the answers anyway. */
export const questionsQueryOptions = (participantCategoryId: number, ticketId: number | undefined) =>
  queryOptions({
    queryKey: ['registration-questions', participantCategoryId, ticketId ?? null],
    queryFn: ({ signal }) => getQuestions(participantCategoryId, ticketId, signal),
    staleTime: 60_000,
  });

export const useQuestions = (participantCategoryId: number, ticketId: number | undefined) =>
  useQuery(questionsQueryOptions(participantCategoryId, ticketId));
