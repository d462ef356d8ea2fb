/**
 * Organizer rows (tables kept by better-auth, see db/schema.ts). Every function takes
 * `db: Executor`, the database or an open transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizerAccounts, organizerSessions, organizers } from '../../db/schema.js';

export type OrganizerRow = typeof organizers.$inferSelect;

export async function listOrganizers(db: Executor): Promise<OrganizerRow[]> {
  return db.select().from(organizers).orderBy(asc(organizers.createdAt), asc(organizers.id));
}

export async function findOrganizer(db: Executor, id: string): Promise<OrganizerRow | undefined> {
  const [row] = await db.select().from(organizers).where(eq(organizers.id, id)).for('update');
  return row;
}

/** An organizer's row, read without locking it. */
export async function readOrganizer(db: Executor, id: string): Promise<OrganizerRow | undefined> {
  const [row] = await db.select().from(organizers).where(eq(organizers.id, id));
  return row;
}

export async function findOrganizerByEmail(db: Executor, email: string): Promise<OrganizerRow | undefined> {
  const [row] = await db.select().from(organizers).where(eq(organizers.email, email));
  return row;
}

export async function countOrganizers(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(organizers);
  return Number(row?.count ?? 0);
}

/**
 * Ids of the active owners, their rows locked until the transaction ends (in id order, so
 * concurrent callers cannot deadlock): two owners demoting each other at once cannot both pass
 * the last-owner check.
 */
export async function lockActiveOwnerIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: organizers.id })
    .from(organizers)
    .where(and(eq(organizers.role, 'owner'), eq(organizers.disabled, false)))
    .orderBy(asc(organizers.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Inserts the organizer and their password account (better-auth's `credential` provider). */
export async function insertOrganizer(
  db: Executor,
  values: { id: string; email: string; name: string; role: string; passwordHash: string },
): Promise<OrganizerRow> {
  const [row] = await db
    .insert(organizers)
    .values({ id: values.id, email: values.email, name: values.name, role: values.role, emailVerified: true })
    .returning();
  await db.insert(organizerAccounts).values({
    id: crypto.randomUUID(),
    accountId: values.id,
    providerId: 'credential',
    userId: values.id,
    password: values.passwordHash,
  });
  return row!;
}

export async function updateOrganizer(
  db: Executor,
  id: string,
  changes: { role?: string; disabled?: boolean },
  now: Date,
): Promise<OrganizerRow> {
  const [row] = await db
    .update(organizers)
    .set({ ...changes, updatedAt: now })
    .where(eq(organizers.id, id))
    .returning();
  return row!;
}

export async function deleteSessionsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(organizerSessions).where(eq(organizerSessions.userId, userId));
}
