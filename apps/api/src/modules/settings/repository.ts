/** The organizer's settings rows, one per edition that has its own. Every function takes `db: Executor`. */
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events, organizerSettings } from '../../db/schema.js';

export type SettingsRow = typeof organizerSettings.$inferSelect;
export type NewSettingsRow = typeof organizerSettings.$inferInsert;

/** Every edition, earliest start first, with its own settings row or null. */
export async function listEditionSettings(db: Executor) {
  return db
    .select({ eventId: events.id, startsAt: events.startsAt, row: getTableColumns(organizerSettings) })
    .from(events)
    .leftJoin(organizerSettings, eq(organizerSettings.eventId, events.id))
    .orderBy(asc(events.startsAt), asc(events.id));
}

/** The edition's own settings row, undefined until saved for it; `lock` takes it FOR UPDATE. */
export async function findSettings(
  db: Executor,
  eventId: number,
  lock = false,
): Promise<SettingsRow | undefined> {
  const query = db.select().from(organizerSettings).where(eq(organizerSettings.eventId, eventId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Writes the edition's settings row, inserting it the first time. */
export async function saveSettings(db: Executor, values: NewSettingsRow): Promise<SettingsRow> {
  const { eventId: _eventId, ...changes } = values;
  const [row] = await db
    .insert(organizerSettings)
    .values(values)
    .onConflictDoUpdate({ target: organizerSettings.eventId, set: changes })
    .returning();
  return row!;
}
