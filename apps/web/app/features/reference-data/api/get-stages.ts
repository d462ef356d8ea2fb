import type { Stage } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/** Startup stages (`auth/list/StageOfStartup`). */
export const getStages = (signal?: AbortSignal) => apiGet<Stage[]>('/auth/list/StageOfStartup', signal);

export const stagesQueryOptions = () =>
  queryOptions({ queryKey: ['stages'], queryFn: ({ signal }) => getStages(signal), staleTime: Infinity });

export const useStages = () => useQuery(stagesQueryOptions());
