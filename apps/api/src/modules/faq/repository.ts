/**
 * FAQ rows. Every function takes `db: Executor`, the database or an open transaction.
 */
import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { faqItems } from '../../db/schema.js';

export type FaqItemRow = typeof faqItems.$inferSelect;

/** Every FAQ entry in display order (sortOrder, then id). */
export async function listFaqItems(db: Executor): Promise<FaqItemRow[]> {
  return db.select().from(faqItems).orderBy(asc(faqItems.sortOrder), asc(faqItems.id));
}
