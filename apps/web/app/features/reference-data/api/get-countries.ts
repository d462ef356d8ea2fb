import type { Country } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/** Countries with ISO and ISD codes (`auth/location/country`). */
export const getCountries = (signal?: AbortSignal) => apiGet<Country[]>('/auth/location/country', signal);

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['countries'],
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Infinity,
  });

export const useCountries = () => useQuery(countriesQueryOptions());
