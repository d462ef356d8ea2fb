/**
 * Content collection rows and uploaded content images. Every function takes `db: Executor`,
 * the database or an open transaction.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { ContentCollection } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { contentImages, contentItems, events, siteSamplesRemoval } from '../../db/schema.js';

export type ContentItemRow = typeof contentItems.$inferSelect;
export type NewContentItemRow = typeof contentItems.$inferInsert;
export type ContentImageRow = typeof contentImages.$inferSelect;

const ORDER = [asc(contentItems.position), asc(contentItems.id)];

/** Entries of a collection in edition `eventId`. */
const inEdition = (collection: ContentCollection, eventId: number) =>
  and(eq(contentItems.collection, collection), eq(contentItems.eventId, eventId));

/** Entries of a collection in edition `eventId` in display order; only the visible ones unless `all`. */
export async function listItems(
  db: Executor,
  collection: ContentCollection,
  eventId: number,
  { all = false } = {},
): Promise<ContentItemRow[]> {
  const inCollection = inEdition(collection, eventId);
  return db
    .select()
    .from(contentItems)
    .where(all ? inCollection : and(inCollection, eq(contentItems.visible, true)))
    .orderBy(...ORDER);
}

/** The entry with this id in a collection of edition `eventId`, locked. */
export async function lockItem(
  db: Executor,
  collection: ContentCollection,
  eventId: number,
  id: number,
): Promise<ContentItemRow | undefined> {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(inEdition(collection, eventId), eq(contentItems.id, id)))
    .for('update');
  return row;
}

/** Every entry of the collection in edition `eventId`, locked, in display order. */
export async function lockCollection(
  db: Executor,
  collection: ContentCollection,
  eventId: number,
): Promise<ContentItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(inEdition(collection, eventId))
    .orderBy(...ORDER)
    .for('update');
}

/** Inserts an entry after the last one of its collection in its edition. */
export async function insertItem(db: Executor, values: NewContentItemRow): Promise<ContentItemRow> {
  const [row] = await db
    .insert(contentItems)
    .values({
      ...values,
      position: sql`(select coalesce(max(${contentItems.position}), 0) + 1 from ${contentItems} where ${contentItems.collection} = ${values.collection} and ${contentItems.eventId} = ${values.eventId})`,
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

/**
 * Editions other than `exceptEventId` with visible entries in the collection, newest start
 * first, with how many.
 */
export async function editionsWithItems(db: Executor, collection: ContentCollection, exceptEventId: number) {
  return db
    .select({
      slug: events.slug,
      name: events.name,
      startsAt: events.startsAt,
      entries: count(contentItems.id),
    })
    .from(contentItems)
    .innerJoin(events, eq(events.id, contentItems.eventId))
    .where(
      and(
        eq(contentItems.collection, collection),
        eq(contentItems.visible, true),
        sql`${contentItems.eventId} <> ${exceptEventId}`,
      ),
    )
    .groupBy(events.id)
    .orderBy(desc(events.startsAt));
}

/** The edition whose slug is `ref`, or else the latest one starting in year `ref` (India time). */
export async function findEdition(db: Executor, ref: string) {
  const columns = { id: events.id, slug: events.slug, name: events.name, startsAt: events.startsAt };
  const [bySlug] = await db.select(columns).from(events).where(eq(events.slug, ref)).limit(1);
  if (bySlug || !/^\d{4}$/.test(ref)) return bySlug;
  const [byYear] = await db
    .select(columns)
    .from(events)
    .where(sql`extract(year from ${events.startsAt} at time zone 'Asia/Kolkata') = ${Number(ref)}`)
    .orderBy(desc(events.startsAt))
    .limit(1);
  return byYear;
}

/** Sample entries (the seed's placeholders) of an edition, per collection that has any. */
export async function countSamples(db: Executor, eventId: number) {
  return db
    .select({ collection: contentItems.collection, entries: count() })
    .from(contentItems)
    .where(and(eq(contentItems.eventId, eventId), eq(contentItems.sample, true)))
    .groupBy(contentItems.collection);
}

/** Whether the site's own samples (held in code, SITE_SAMPLES) were removed. */
export async function siteSamplesRemoved(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: siteSamplesRemoval.id }).from(siteSamplesRemoval).limit(1);
  return rows.length > 0;
}

/** Records the removal of the site's own samples; answers false when they were removed before. */
export async function removeSiteSamples(tx: Executor, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(siteSamplesRemoval)
    .values({ removedAt: now })
    .onConflictDoNothing()
    .returning({ id: siteSamplesRemoval.id });
  return inserted.length > 0;
}

/** Deletes every sample entry (the seed's placeholders) of every edition; answers each one's collection. */
export async function deleteSamples(tx: Executor) {
  return tx
    .delete(contentItems)
    .where(eq(contentItems.sample, true))
    .returning({ id: contentItems.id, collection: contentItems.collection });
}
