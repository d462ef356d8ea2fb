/**
 * Writes of festival editions (the `events` rows); which edition is current is the
 * current-edition module's. Every function takes `db: Executor`.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events } from '../../db/schema.js';

export type EditionRow = typeof events.$inferSelect;
export type NewEditionRow = typeof events.$inferInsert;

export async function lockEdition(db: Executor, id: number): Promise<EditionRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).for('update');
  return row;
}

export async function updateEdition(
  db: Executor,
  id: number,
  changes: Partial<NewEditionRow>,
): Promise<EditionRow> {
  const [row] = await db.update(events).set(changes).where(eq(events.id, id)).returning();
  return row!;
}

/** Inserts an edition; undefined when its slug is taken. */
export async function insertEdition(db: Executor, values: NewEditionRow): Promise<EditionRow | undefined> {
  const [row] = await db
    .insert(events)
    .values(values)
    .onConflictDoNothing({ target: events.slug })
    .returning();
  return row;
}
