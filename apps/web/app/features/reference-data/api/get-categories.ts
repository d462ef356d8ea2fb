import type { Category } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/** Industries / sectors (`auth/list/categoryMaster`). */
export const getCategories = (signal?: AbortSignal) =>
  apiGet<Category[]>('/auth/list/categoryMaster', signal);

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: Infinity,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
