/**
 * Content collection rows and uploaded content images. Every function takes `db: Executor`,
 * the database or an open transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ContentCollection } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { contentImages, contentItems } from '../../db/schema.js';

export type ContentItemRow = typeof contentItems.$inferSelect;
export type NewContentItemRow = typeof contentItems.$inferInsert;
export type ContentImageRow = typeof contentImages.$inferSelect;

const ORDER = [asc(contentItems.position), asc(contentItems.id)];

/** Entries of a collection in display order; only the visible ones unless `all`. */
export async function listItems(
  db: Executor,
  collection: ContentCollection,
  { all = false } = {},
): Promise<ContentItemRow[]> {
  const inCollection = eq(contentItems.collection, collection);
  return db
    .select()
    .from(contentItems)
    .where(all ? inCollection : and(inCollection, eq(contentItems.visible, true)))
    .orderBy(...ORDER);
}

export async function lockItem(
  db: Executor,
  collection: ContentCollection,
  id: number,
): Promise<ContentItemRow | undefined> {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.collection, collection), eq(contentItems.id, id)))
    .for('update');
  return row;
}

/** Every entry of the collection, locked, in display order. */
export async function lockCollection(db: Executor, collection: ContentCollection): Promise<ContentItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(eq(contentItems.collection, collection))
    .orderBy(...ORDER)
    .for('update');
}

/** Inserts an entry after the collection's last one. */
export async function insertItem(db: Executor, values: NewContentItemRow): Promise<ContentItemRow> {
  const [row] = await db
    .insert(contentItems)
    .values({
      ...values,
      position: sql`(select coalesce(max(${contentItems.position}), 0) + 1 from ${contentItems} where ${contentItems.collection} = ${values.collection})`,
    })
    .returning();
  return row!;
}

export async function updateItem(
  db: Executor,
  id: number,
  changes: Partial<NewContentItemRow>,
): Promise<ContentItemRow> {
  const [row] = await db.update(contentItems).set(changes).where(eq(contentItems.id, id)).returning();
  return row!;
}

export async function deleteItem(db: Executor, id: number): Promise<void> {
  await db.delete(contentItems).where(eq(contentItems.id, id));
}

export async function insertImage(
  db: Executor,
  values: typeof contentImages.$inferInsert,
): Promise<ContentImageRow> {
  const [row] = await db.insert(contentImages).values(values).returning();
  return row!;
}

export async function findImage(db: Executor, id: string): Promise<ContentImageRow | undefined> {
  const [row] = await db.select().from(contentImages).where(eq(contentImages.id, id)).limit(1);
  return row;
}
