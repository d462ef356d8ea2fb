/**
 * CMS page rows. Every function takes `db: Executor`, the database or an open transaction.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cmsPages, votes } from '../../db/schema.js';

import type { CmsPageKind } from '@festival/shared';

export type { CmsPageKind };

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

/** Every page: the about page first, then nominees by id. */
export async function listPages(db: Executor): Promise<CmsPage[]> {
  return db.select().from(cmsPages).orderBy(asc(cmsPages.kind), asc(cmsPages.id));
}

/** The page with this id, locked for the rest of the transaction. */
export async function lockPage(db: Executor, id: number): Promise<CmsPage | undefined> {
  const [row] = await db.select().from(cmsPages).where(eq(cmsPages.id, id)).for('update');
  return row;
}

export async function updatePage(
  db: Executor,
  id: number,
  changes: Pick<CmsPage, 'title' | 'contentHtml' | 'translations' | 'awardCategoryId' | 'updatedAt'>,
): Promise<CmsPage> {
  const [row] = await db.update(cmsPages).set(changes).where(eq(cmsPages.id, id)).returning();
  return row!;
}

/** Inserts a page; undefined when the slug is taken. */
export async function insertPage(
  db: Executor,
  values: {
    kind: CmsPageKind;
    slug: string;
    title: string;
    contentHtml: string;
    translations: CmsPage['translations'];
    awardCategoryId: number;
    updatedAt: Date;
  },
): Promise<CmsPage | undefined> {
  const [row] = await db
    .insert(cmsPages)
    .values(values)
    .onConflictDoNothing({ target: cmsPages.slug })
    .returning();
  return row;
}

/** Votes cast for a nominee page (a page with votes keeps its award category). */
export async function countVotes(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(votes).where(eq(votes.cmsPageId, id));
  return row?.n ?? 0;
}
