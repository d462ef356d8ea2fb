import type { CmsContent } from '@festival/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '~/lib/api-client';
import type { PrefillQuery } from '~/lib/query-prefill';

/**
 * The site pages organizers write in the console and the site shows at a fixed path: /about
 * and /highlights (whose title also names the menu's highlights group).
 */
export type SitePageSlug = 'about' | 'highlights';

/** Spec: CMS content is read from `auth/cms/get-content/{contentId}`; the slug is the id. */
const pathOf = (slug: SitePageSlug) => `/auth/cms/get-content/${slug}`;

/** The server answers a list (spec: "read as a list"); the page shows its first entry. */
const firstPage = (pages: CmsContent[]) => pages[0] ?? null;

/** The page's content, or `null` when the list is empty. */
async function getSitePage(slug: SitePageSlug, signal?: AbortSignal) {
  return firstPage(await apiGet<CmsContent[]>(pathOf(slug), signal));
}

export const sitePageQueryOptions = (slug: SitePageSlug) =>
  queryOptions({ queryKey: ['cms', slug], queryFn: ({ signal }) => getSitePage(slug, signal) });

export const useSitePage = (slug: SitePageSlug) => useQuery(sitePageQueryOptions(slug));

/** The same query as the server fills it for the page's first paint (lib/query-prefill.ts). */
export const sitePagePrefill = (slug: SitePageSlug): PrefillQuery => ({
  queryKey: sitePageQueryOptions(slug).queryKey,
  path: pathOf(slug),
  select: (data) => firstPage(data as CmsContent[]),
});
