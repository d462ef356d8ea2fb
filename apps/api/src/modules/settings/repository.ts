/** The organizer's settings row (id 1). Every function takes `db: Executor`. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizerSettings } from '../../db/schema.js';

export type SettingsRow = typeof organizerSettings.$inferSelect;
export type NewSettingsRow = typeof organizerSettings.$inferInsert;

/** The settings row, undefined until first saved; `lock` takes it FOR UPDATE. */
export async function findSettings(db: Executor, lock = false): Promise<SettingsRow | undefined> {
  const query = db.select().from(organizerSettings).where(eq(organizerSettings.id, 1));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Writes the one settings row, inserting it the first time. */
export async function saveSettings(db: Executor, values: Omit<NewSettingsRow, 'id'>): Promise<SettingsRow> {
  const [row] = await db
    .insert(organizerSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: organizerSettings.id, set: values })
    .returning();
  return row!;
}
