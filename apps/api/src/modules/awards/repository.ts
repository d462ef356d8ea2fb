/**
 * Award categories of the editions, with the nominee pages and votes they hold. Every function
 * takes `db: Executor`, the database or an open transaction.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { awardCategories, cmsPages, events, votes } from '../../db/schema.js';

export type AwardCategoryRow = typeof awardCategories.$inferSelect;

const ORDER = [asc(awardCategories.position), asc(awardCategories.id)];

/** An edition's categories in display order, each with its nominee pages and votes counted. */
export async function listCategories(db: Executor, eventId: number) {
  const nominees = db
    .select({ categoryId: cmsPages.awardCategoryId, n: count().as('nominee_count') })
    .from(cmsPages)
    .where(eq(cmsPages.kind, 'nominee'))
    .groupBy(cmsPages.awardCategoryId)
    .as('nominees');
  const cast = db
    .select({ categoryId: votes.awardCategoryId, n: count().as('vote_count') })
    .from(votes)
    .groupBy(votes.awardCategoryId)
    .as('cast');
  return db
    .select({
      id: awardCategories.id,
      name: awardCategories.name,
      position: awardCategories.position,
      nominees: sql<number>`coalesce(${nominees.n}, 0)::int`,
      votes: sql<number>`coalesce(${cast.n}, 0)::int`,
    })
    .from(awardCategories)
    .leftJoin(nominees, eq(nominees.categoryId, awardCategories.id))
    .leftJoin(cast, eq(cast.categoryId, awardCategories.id))
    .where(eq(awardCategories.eventId, eventId))
    .orderBy(...ORDER);
}

/** The category with this id, locked for the rest of the transaction. */
export async function lockCategory(db: Executor, id: number): Promise<AwardCategoryRow | undefined> {
  const [row] = await db.select().from(awardCategories).where(eq(awardCategories.id, id)).for('update');
  return row;
}

/** Every category of an edition, locked, in display order. */
export async function lockCategoriesOf(db: Executor, eventId: number): Promise<AwardCategoryRow[]> {
  return db
    .select()
    .from(awardCategories)
    .where(eq(awardCategories.eventId, eventId))
    .orderBy(...ORDER)
    .for('update');
}

/** Inserts a category after the edition's last one; undefined when the edition has one of that name. */
export async function insertCategory(
  db: Executor,
  values: { eventId: number; name: string },
): Promise<AwardCategoryRow | undefined> {
  const [row] = await db
    .insert(awardCategories)
    .values({
      ...values,
      position: sql`(select coalesce(max(${awardCategories.position}), 0) + 1 from ${awardCategories} where ${awardCategories.eventId} = ${values.eventId})`,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Whether another category of the edition is called `name`. */
export async function nameTaken(db: Executor, eventId: number, name: string, exceptId: number) {
  const [row] = await db
    .select({ id: awardCategories.id })
    .from(awardCategories)
    .where(
      and(
        eq(awardCategories.eventId, eventId),
        eq(awardCategories.name, name),
        ne(awardCategories.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function updateCategory(
  db: Executor,
  id: number,
  changes: Partial<Pick<AwardCategoryRow, 'name' | 'position'>>,
): Promise<AwardCategoryRow> {
  const [row] = await db.update(awardCategories).set(changes).where(eq(awardCategories.id, id)).returning();
  return row!;
}

export async function deleteCategory(db: Executor, id: number): Promise<void> {
  await db.delete(awardCategories).where(eq(awardCategories.id, id));
}

/** Nominee pages and votes in the category (a category holding either cannot be deleted). */
export async function usage(db: Executor, id: number): Promise<{ nominees: number; votes: number }> {
  const [nominees] = await db
    .select({ n: count() })
    .from(cmsPages)
    .where(and(eq(cmsPages.kind, 'nominee'), eq(cmsPages.awardCategoryId, id)));
  const [cast] = await db.select({ n: count() }).from(votes).where(eq(votes.awardCategoryId, id));
  return { nominees: nominees?.n ?? 0, votes: cast?.n ?? 0 };
}

/** A category with its edition's id and whether voting in that edition is closed. */
export async function findCategory(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: awardCategories.id,
      name: awardCategories.name,
      eventId: awardCategories.eventId,
      edition: events.name,
    })
    .from(awardCategories)
    .innerJoin(events, eq(events.id, awardCategories.eventId))
    .where(eq(awardCategories.id, id))
    .limit(1);
  return row;
}

/** Categories by id with their edition's name, for the console's page list. */
export async function findCategories(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: awardCategories.id,
      name: awardCategories.name,
      eventId: awardCategories.eventId,
      edition: events.name,
    })
    .from(awardCategories)
    .innerJoin(events, eq(events.id, awardCategories.eventId))
    .where(inArray(awardCategories.id, ids));
}

/**
 * Every edition that has award categories, newest start first, with its categories in order
 * and their nominee pages by title.
 */
export async function listPublicCategories(db: Executor) {
  return db
    .select({
      eventId: events.id,
      slug: events.slug,
      edition: events.name,
      startsAt: events.startsAt,
      votingClosedAt: events.votingClosedAt,
      categoryId: awardCategories.id,
      category: awardCategories.name,
      nomineeId: cmsPages.id,
      nominee: cmsPages.title,
    })
    .from(awardCategories)
    .innerJoin(events, eq(events.id, awardCategories.eventId))
    .leftJoin(cmsPages, and(eq(cmsPages.awardCategoryId, awardCategories.id), eq(cmsPages.kind, 'nominee')))
    .orderBy(desc(events.startsAt), ...ORDER, asc(cmsPages.title), asc(cmsPages.id));
}
