import type { State } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/** States of a country (`auth/location/statesByCountry/{countryId}`); may be empty. */
export const getStates = (countryId: number, signal?: AbortSignal) =>
  apiGet<State[]>(`/auth/location/statesByCountry/${countryId}`, signal);

export const statesQueryOptions = (countryId: number | undefined) =>
  queryOptions({
    queryKey: ['states', countryId],
    queryFn: ({ signal }) => getStates(countryId as number, signal),
    enabled: countryId !== undefined,
    staleTime: Infinity,
  });

/** Loads when a country is chosen; idle (no data) without one. */
export const useStates = (countryId: number | undefined) => useQuery(statesQueryOptions(countryId));
