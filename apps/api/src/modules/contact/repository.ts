/**
 * Contact inquiry rows. Every function takes `db: Executor`, the database or an open transaction.
 */
import { count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contactInquiries } from '../../db/schema.js';

export type ContactInquiryRow = typeof contactInquiries.$inferSelect;
export type NewContactInquiry = typeof contactInquiries.$inferInsert;

export async function insertInquiry(db: Executor, values: NewContactInquiry): Promise<ContactInquiryRow> {
  const [row] = await db.insert(contactInquiries).values(values).returning();
  if (!row) throw new Error('contact inquiry insert returned no row');
  return row;
}

/** Records when the organiser's notification was handed to the mail server. */
export async function markNotified(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(contactInquiries).set({ notifiedAt: at }).where(eq(contactInquiries.id, id));
}

export async function findInquiry(db: Executor, id: number): Promise<ContactInquiryRow | undefined> {
  const [row] = await db.select().from(contactInquiries).where(eq(contactInquiries.id, id));
  return row;
}

/** All inquiries, and those no organizer has marked handled yet (`handled_at` null). */
export async function countInquiries(db: Executor): Promise<{ open: number; total: number }> {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${isNull(contactInquiries.handledAt)})`.mapWith(Number),
      total: count(),
    })
    .from(contactInquiries);
  return { open: row?.open ?? 0, total: row?.total ?? 0 };
}
