/**
 * CMS page rows. Every function takes `db: Executor`, the database or an open transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cmsPages } from '../../db/schema.js';

/** The kinds of page: the about page and the award nominee pages voters vote for. */
export const CMS_PAGE_KINDS = ['about', 'nominee'] as const;
export type CmsPageKind = (typeof CMS_PAGE_KINDS)[number];

export type CmsPage = typeof cmsPages.$inferSelect;

/** A page by numeric id or by slug, optionally of one kind. */
export async function findPage(
  db: Executor,
  ref: { id: number } | { slug: string },
  kind?: CmsPageKind,
): Promise<CmsPage | undefined> {
  const match = 'id' in ref ? eq(cmsPages.id, ref.id) : eq(cmsPages.slug, ref.slug);
  const [row] = await db
    .select()
    .from(cmsPages)
    .where(kind ? and(match, eq(cmsPages.kind, kind)) : match)
    .limit(1);
  return row;
}
