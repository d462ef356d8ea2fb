import type { CmsContent } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';

/** Slug of the about page's content (spec §7 `auth/cms/get-content/{contentId}`). */
const ABOUT_CONTENT_ID = 'about';

/**
 * The about page's content: the server answers a list (spec §7 "read as a list") and the page
 * shows its first entry, or `undefined` when the list is empty.
 */
export async function getAboutContent(signal?: AbortSignal) {
  const pages = await apiGet<CmsContent[]>(`/auth/cms/get-content/${ABOUT_CONTENT_ID}`, signal);
  return pages[0] ?? null;
}

export const aboutContentQueryOptions = () =>
  queryOptions({ queryKey: ['cms', 'about'], queryFn: ({ signal }) => getAboutContent(signal) });

export const useAboutContent = () => useQuery(aboutContentQueryOptions());
