import { FaqItemSchema } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '~/lib/api-client';

/** FAQ items, question and answer as plain text (spec §7 `GET /api/auth/list/FaqMaster`). */
export const getFaqItems = (signal?: AbortSignal) =>
  apiGet('/auth/list/FaqMaster', z.array(FaqItemSchema), signal);

export const faqQueryOptions = () =>
  queryOptions({ queryKey: ['faq'], queryFn: ({ signal }) => getFaqItems(signal) });

export const useFaq = () => useQuery(faqQueryOptions());
