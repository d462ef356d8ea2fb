/**
 * Contact inquiry rows. Every function takes `db: Executor`, the database or an open transaction.
 */
import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { containsText } from '../../db/search.js';
import type { CursorPosition } from '../../lib/cursor.js';
import { contactInquiries, inquiryReplies } from '../../db/schema.js';

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

export type InquiryReplyRow = typeof inquiryReplies.$inferSelect;

/**
 * A page of inquiries, newest first, open or handled, optionally searched (case- and
 * accent-insensitive) in name, email, subject and message.
 */
export async function searchInquiries(
  db: Executor,
  search: {
    status?: 'open' | 'handled' | undefined;
    q?: string | undefined;
    after?: CursorPosition | undefined;
    limit: number;
  },
): Promise<(ContactInquiryRow & { cursorAt: string })[]> {
  const conditions = [];
  if (search.status === 'open') conditions.push(isNull(contactInquiries.handledAt));
  if (search.status === 'handled') conditions.push(isNotNull(contactInquiries.handledAt));
  if (search.q) {
    const text = sql`${contactInquiries.contactPersonName} || ' ' || ${contactInquiries.email} || ' ' || ${contactInquiries.subject} || ' ' || coalesce(${contactInquiries.message}, '')`;
    conditions.push(containsText(text, search.q));
  }
  if (search.after) {
    conditions.push(
      sql`(${contactInquiries.createdAt}, ${contactInquiries.id}) < (${search.after.createdAt}::timestamptz, ${Number(search.after.id)})`,
    );
  }
  return db
    .select({
      ...getTableColumns(contactInquiries),
      cursorAt: sql<string>`${contactInquiries.createdAt}::text`,
    })
    .from(contactInquiries)
    .where(and(...conditions))
    .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id))
    .limit(search.limit);
}

/** The replies to these inquiries, oldest first. */
export async function listReplies(db: Executor, inquiryIds: number[]): Promise<InquiryReplyRow[]> {
  if (inquiryIds.length === 0) return [];
  return db
    .select()
    .from(inquiryReplies)
    .where(inArray(inquiryReplies.inquiryId, inquiryIds))
    .orderBy(asc(inquiryReplies.createdAt), asc(inquiryReplies.id));
}

/** Reads an inquiry and locks it until the transaction ends. */
export async function lockInquiry(tx: Executor, id: number): Promise<ContactInquiryRow | undefined> {
  const [row] = await tx.select().from(contactInquiries).where(eq(contactInquiries.id, id)).for('update');
  return row;
}

export async function setHandledAt(db: Executor, id: number, at: Date | null): Promise<void> {
  await db.update(contactInquiries).set({ handledAt: at }).where(eq(contactInquiries.id, id));
}

export async function insertReply(
  db: Executor,
  values: typeof inquiryReplies.$inferInsert,
): Promise<InquiryReplyRow> {
  const [row] = await db.insert(inquiryReplies).values(values).returning();
  if (!row) throw new Error('reply insert returned no row');
  return row;
}

export async function findReply(db: Executor, id: number): Promise<InquiryReplyRow | undefined> {
  const [row] = await db.select().from(inquiryReplies).where(eq(inquiryReplies.id, id));
  return row;
}

export async function markReplySent(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(inquiryReplies).set({ sentAt: at }).where(eq(inquiryReplies.id, id));
}

/**
 * Replaces the sender's name, email, number and text of every inquiry from `email`
 * (case-blind), and the text of the replies to them. Returns the inquiries' ids.
 */
export async function erasePersonalData(tx: Executor, email: string): Promise<number[]> {
  const erased = await tx
    .update(contactInquiries)
    .set({
      contactPersonName: 'Erased',
      email: sql`'erased-' || ${contactInquiries.id} || '@erased.invalid'`,
      number: '',
      subject: 'Erased',
      message: null,
    })
    .where(sql`lower(${contactInquiries.email}) = lower(${email})`)
    .returning({ id: contactInquiries.id });
  if (erased.length > 0) {
    await tx
      .update(inquiryReplies)
      .set({ body: 'Erased' })
      .where(
        inArray(
          inquiryReplies.inquiryId,
          erased.map((row) => row.id),
        ),
      );
  }
  return erased.map((row) => row.id);
}
