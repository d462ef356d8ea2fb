import type { CmsContent } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';
import type { PrefillQuery } from '~/lib/query-prefill';

/** The about page's content (spec §7 `auth/cms/get-content/{contentId}`, slug `about`). */
const ABOUT_CONTENT_PATH = '/auth/cms/get-content/about';

/** The server answers a list (spec §7 "read as a list"); the page shows its first entry. */
const firstPage = (pages: CmsContent[]) => pages[0] ?? null;

/** The about page's content, or `null` when the list is empty. */
export async function getAboutContent(signal?: AbortSignal) {
  return firstPage(await apiGet<CmsContent[]>(ABOUT_CONTENT_PATH, signal));
}

export const aboutContentQueryOptions = () =>
  queryOptions({ queryKey: ['cms', 'about'], queryFn: ({ signal }) => getAboutContent(signal) });

export const useAboutContent = () => useQuery(aboutContentQueryOptions());

/** The same query as the server fills it for the page's first paint (lib/query-prefill.ts). */
export const aboutContentPrefill = (): PrefillQuery => ({
  queryKey: aboutContentQueryOptions().queryKey,
  path: ABOUT_CONTENT_PATH,
  select: (data) => firstPage(data as CmsContent[]),
});
