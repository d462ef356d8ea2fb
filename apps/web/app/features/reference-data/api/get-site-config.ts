import type { SiteConfig } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/** Public settings the server lets the browser see, e.g. the Visitor tab's external page. */
export const getSiteConfig = (signal?: AbortSignal) => apiGet<SiteConfig>('/auth/site-config', signal);

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => getSiteConfig(signal),
    staleTime: Infinity,
  });

export const useSiteConfig = () => useQuery(siteConfigQueryOptions());
