import type { FaqItem } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/** FAQ items, question and answer as plain text (spec §7 `GET /api/auth/list/FaqMaster`). */
export const getFaqItems = (signal?: AbortSignal) => apiGet<FaqItem[]>('/auth/list/FaqMaster', signal);

export const faqQueryOptions = () =>
  queryOptions({ queryKey: ['faq'], queryFn: ({ signal }) => getFaqItems(signal) });

export const useFaq = () => useQuery(faqQueryOptions());
