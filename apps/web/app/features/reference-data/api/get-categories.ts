import { CategorySchema } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '~/lib/api-client';

/** Industries / sectors (spec §7 `auth/list/categoryMaster`). */
export const getCategories = (signal?: AbortSignal) =>
  apiGet('/auth/list/categoryMaster', z.array(CategorySchema), signal);

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: Infinity,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
