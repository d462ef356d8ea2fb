/** Votes written straight into the database, for tests about what happens to them. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client.js';
import { cmsPages } from '../src/db/schema.js';

/**
 * The award category of nominee page `cmsPageId` (a vote for it counts there).
 * @throws Error when the page is no nominee of a category.
 */
export async function awardCategoryOf(db: Executor, cmsPageId: number): Promise<number> {
  const [page] = await db
    .select({ awardCategoryId: cmsPages.awardCategoryId })
    .from(cmsPages)
    .where(and(eq(cmsPages.id, cmsPageId), eq(cmsPages.kind, 'nominee')));
  if (!page?.awardCategoryId) throw new Error(`page ${cmsPageId} is no nominee of an award category`);
  return page.awardCategoryId;
}
