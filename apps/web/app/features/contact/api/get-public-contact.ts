import type { PublicSettings } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/** The organizers' public contact email and phone, as set in the console (`GET settings/public`). */
export const getPublicContact = (signal?: AbortSignal) => apiGet<PublicSettings>('/settings/public', signal);

export const publicContactQueryOptions = () =>
  queryOptions({
    queryKey: ['public-settings'],
    queryFn: ({ signal }) => getPublicContact(signal),
    staleTime: 5 * 60_000,
  });

export const usePublicContact = () => useQuery(publicContactQueryOptions());
