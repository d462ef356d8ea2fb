import type { FestivalEvent } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/** The current festival edition; the home countdown counts to its start (spec §2 Home, §9). */
export const getCurrentEvent = (signal?: AbortSignal) => apiGet<FestivalEvent>('/auth/event/current', signal);

export const currentEventQueryOptions = () =>
  queryOptions({
    queryKey: ['event', 'current'],
    queryFn: ({ signal }) => getCurrentEvent(signal),
    staleTime: Infinity,
  });

export const useCurrentEvent = () => useQuery(currentEventQueryOptions());
