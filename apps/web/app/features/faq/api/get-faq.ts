import type { FaqItem } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';
import type { PrefillQuery } from '~/lib/query-prefill';

/** FAQ items, question and answer as plain text (`GET /api/auth/list/FaqMaster`). */
const FAQ_PATH = '/auth/list/FaqMaster';

export const getFaqItems = (signal?: AbortSignal) => apiGet<FaqItem[]>(FAQ_PATH, signal);

export const faqQueryOptions = () =>
  queryOptions({ queryKey: ['faq'], queryFn: ({ signal }) => getFaqItems(signal) });

export const useFaq = () => useQuery(faqQueryOptions());

/** The same query as the server fills it for the page's first paint (lib/query-prefill.ts). */
export const faqPrefill = (): PrefillQuery => ({ queryKey: faqQueryOptions().queryKey, path: FAQ_PATH });
