import type { PublicAwards } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';
import type { PrefillQuery } from '~/lib/query-prefill';

const AWARDS_PATH = '/awards';

/**
 * The award categories and their nominees (`GET /api/awards`): the current edition's, and the
 * earlier editions' as the archive, organizers' data revalidated by ETag on every visit.
 */
export const awardsQueryOptions = () =>
  queryOptions({
    queryKey: ['awards'],
    queryFn: ({ signal }) => apiGet<PublicAwards>(AWARDS_PATH, signal),
  });

export const useAwards = () => useQuery(awardsQueryOptions());

/** The same query as the server fills it when it renders /awards (lib/query-prefill.ts). */
export const awardsPrefill = (): PrefillQuery => ({
  queryKey: awardsQueryOptions().queryKey,
  path: AWARDS_PATH,
});
