/**
 * Rows of the "Tell me when registration opens" list (`registration_alerts`). Every function
 * takes `db: Executor`, the database or an open transaction.
 */
import { and, count, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events, registrationAlerts } from '../../db/schema.js';
import type { CursorPosition } from '../../lib/cursor.js';

export type RegistrationAlertRow = typeof registrationAlerts.$inferSelect;
export type NewRegistrationAlert = typeof registrationAlerts.$inferInsert;

/** Inserts the address; undefined when it is on the list already (the unique email). */
export async function insertAlert(
  db: Executor,
  values: NewRegistrationAlert,
): Promise<RegistrationAlertRow | undefined> {
  const [row] = await db
    .insert(registrationAlerts)
    .values(values)
    .onConflictDoNothing({ target: registrationAlerts.email })
    .returning();
  return row;
}

export async function findAlert(db: Executor, id: number): Promise<RegistrationAlertRow | undefined> {
  const [row] = await db.select().from(registrationAlerts).where(eq(registrationAlerts.id, id));
  return row;
}

/** A page of the list, newest first, with its edition's name and the cursor text of each row. */
export function searchAlerts(
  db: Executor,
  search: { status?: 'waiting' | 'notified' | undefined; after?: CursorPosition | undefined; limit: number },
) {
  const conditions = [];
  if (search.status === 'waiting') conditions.push(isNull(registrationAlerts.notifiedAt));
  if (search.status === 'notified') conditions.push(isNotNull(registrationAlerts.notifiedAt));
  if (search.after) {
    conditions.push(
      sql`(${registrationAlerts.createdAt}, ${registrationAlerts.id}) < (${search.after.createdAt}::timestamptz, ${Number(search.after.id)})`,
    );
  }
  return db
    .select({
      id: registrationAlerts.id,
      email: registrationAlerts.email,
      editionName: events.name,
      createdAt: registrationAlerts.createdAt,
      notifiedAt: registrationAlerts.notifiedAt,
      cursorAt: sql<string>`${registrationAlerts.createdAt}::text`,
    })
    .from(registrationAlerts)
    .leftJoin(events, eq(events.id, registrationAlerts.eventId))
    .where(and(...conditions))
    .orderBy(desc(registrationAlerts.createdAt), desc(registrationAlerts.id))
    .limit(search.limit);
}

/** Addresses not notified yet. */
export async function countWaiting(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(registrationAlerts)
    .where(isNull(registrationAlerts.notifiedAt));
  return row?.n ?? 0;
}

/** Marks the addresses not notified yet that were left at or before `createdUpTo`; answers their ids. */
export async function markNotified(db: Executor, createdUpTo: Date, at: Date): Promise<number[]> {
  const rows = await db
    .update(registrationAlerts)
    .set({ notifiedAt: at })
    .where(and(isNull(registrationAlerts.notifiedAt), lte(registrationAlerts.createdAt, createdUpTo)))
    .returning({ id: registrationAlerts.id });
  return rows.map((row) => row.id);
}

/**
 * Marks every address not notified yet as notified at `at`; answers their ids. One conditional
 * UPDATE: on PostgreSQL a concurrent one waits for this one's row locks, then finds the rows
 * notified and skips them, so each address is answered to one caller only.
 */
export async function markAllWaitingNotified(db: Executor, at: Date): Promise<number[]> {
  const rows = await db
    .update(registrationAlerts)
    .set({ notifiedAt: at })
    .where(isNull(registrationAlerts.notifiedAt))
    .returning({ id: registrationAlerts.id });
  return rows.map((row) => row.id);
}

/** Deletes the address from the list (an erasure); answers the deleted rows' ids. */
export async function deleteAlertsOf(db: Executor, email: string): Promise<number[]> {
  const rows = await db
    .delete(registrationAlerts)
    .where(eq(registrationAlerts.email, email.trim().toLowerCase()))
    .returning({ id: registrationAlerts.id });
  return rows.map((row) => row.id);
}
