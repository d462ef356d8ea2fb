/**
 * FAQ rows. Every function takes `db: Executor`, the database or an open transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { faqItems } from '../../db/schema.js';

export type FaqItemRow = typeof faqItems.$inferSelect;

const ORDER = [asc(faqItems.sortOrder), asc(faqItems.id)];

/** FAQ entries in display order (sortOrder, then id); only the visible ones unless `all`. */
export async function listFaqItems(db: Executor, { all = false } = {}): Promise<FaqItemRow[]> {
  const query = db.select().from(faqItems);
  return (all ? query : query.where(eq(faqItems.visible, true))).orderBy(...ORDER);
}

/** The entry with this id, locked for the rest of the transaction. */
export async function lockFaqItem(db: Executor, id: number): Promise<FaqItemRow | undefined> {
  const [row] = await db.select().from(faqItems).where(eq(faqItems.id, id)).for('update');
  return row;
}

/** Inserts an entry after the last one. */
export async function insertFaqItem(
  db: Executor,
  values: Pick<typeof faqItems.$inferInsert, 'key' | 'question' | 'answer' | 'translations'>,
): Promise<FaqItemRow> {
  const [row] = await db
    .insert(faqItems)
    .values({
      ...values,
      sortOrder: sql`(select coalesce(max(${faqItems.sortOrder}), 0) + 1 from ${faqItems})`,
    })
    .returning();
  return row!;
}

export async function updateFaqItem(
  db: Executor,
  id: number,
  changes: Partial<Pick<FaqItemRow, 'question' | 'answer' | 'translations' | 'visible' | 'sortOrder'>>,
): Promise<FaqItemRow> {
  const [row] = await db
    .update(faqItems)
    .set(changes)
    .where(and(eq(faqItems.id, id)))
    .returning();
  return row!;
}

/** Every entry, locked, in display order: the reorder use case rewrites all positions. */
export async function lockAllFaqItems(db: Executor): Promise<FaqItemRow[]> {
  return db
    .select()
    .from(faqItems)
    .orderBy(...ORDER)
    .for('update');
}
