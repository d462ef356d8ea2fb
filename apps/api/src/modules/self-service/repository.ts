/**
 * Self-service storage: sign-in links, sessions and deletion requests (this module's tables).
 * What an email is part of (registrations, orders, passes) is read through those modules'
 * services.
 */
import type { ErasureOutcome } from '@festival/shared';
import { and, desc, eq, getTableColumns, gt, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deletionRequests, manageLinks, manageSessions } from '../../db/schema.js';
import type { CursorPosition } from '../../lib/cursor.js';

export type ManageLinkRow = typeof manageLinks.$inferSelect;

export async function insertLink(
  tx: Executor,
  values: typeof manageLinks.$inferInsert,
): Promise<ManageLinkRow> {
  const [row] = await tx.insert(manageLinks).values(values).returning();
  if (!row) throw new Error('manage link insert returned no row');
  return row;
}

export async function findLink(db: Executor, id: number): Promise<ManageLinkRow | undefined> {
  const [row] = await db.select().from(manageLinks).where(eq(manageLinks.id, id));
  return row;
}

/** Links requested for `email` since `since`. */
export async function countLinksSince(db: Executor, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(manageLinks)
    .where(and(eq(manageLinks.email, email), gte(manageLinks.createdAt, since)));
  return Number(row?.n ?? 0);
}

/**
 * Marks the unused, unexpired link with this token hash used and returns its email; undefined
 * when there is none. One statement, so two clicks racing cannot both succeed.
 */
export async function consumeLink(tx: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await tx
    .update(manageLinks)
    .set({ usedAt: now })
    .where(
      and(eq(manageLinks.tokenHash, tokenHash), isNull(manageLinks.usedAt), gt(manageLinks.expiresAt, now)),
    )
    .returning({ email: manageLinks.email });
  return row?.email;
}

export async function insertSession(tx: Executor, values: typeof manageSessions.$inferInsert) {
  await tx.insert(manageSessions).values(values);
}

/** The email of the unexpired session with this token hash. */
export async function findSessionEmail(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: manageSessions.email })
    .from(manageSessions)
    .where(and(eq(manageSessions.tokenHash, tokenHash), gt(manageSessions.expiresAt, now)));
  return row?.email;
}

export async function deleteSession(db: Executor, tokenHash: string) {
  await db.delete(manageSessions).where(eq(manageSessions.tokenHash, tokenHash));
}

export async function insertDeletionRequest(tx: Executor, email: string, now: Date) {
  await tx.insert(deletionRequests).values({ email, requestedAt: now });
}

/** When this email's open (not yet handled) deletion request was made, if there is one. */
export async function openDeletionRequest(db: Executor, email: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ requestedAt: deletionRequests.requestedAt })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.email, email), isNull(deletionRequests.handledAt)))
    .orderBy(desc(deletionRequests.requestedAt))
    .limit(1);
  return row?.requestedAt;
}

export type DeletionRequestRow = typeof deletionRequests.$inferSelect;

/** Deletion requests, newest first, after `after` (keyset), open or handled or both. */
export async function listDeletionRequests(
  db: Executor,
  search: { status?: 'open' | 'handled'; after?: CursorPosition; limit: number },
) {
  const conditions: SQL[] = [];
  if (search.status === 'open') conditions.push(isNull(deletionRequests.handledAt));
  if (search.status === 'handled') conditions.push(isNotNull(deletionRequests.handledAt));
  if (search.after) {
    conditions.push(
      sql`(${deletionRequests.requestedAt}, ${deletionRequests.id}) < (${search.after.createdAt}::timestamptz, ${Number(search.after.id)})`,
    );
  }
  return db
    .select({
      ...getTableColumns(deletionRequests),
      cursorAt: sql<string>`${deletionRequests.requestedAt}::text`,
    })
    .from(deletionRequests)
    .where(and(...conditions))
    .orderBy(desc(deletionRequests.requestedAt), desc(deletionRequests.id))
    .limit(search.limit);
}

export async function findDeletionRequest(db: Executor, id: number): Promise<DeletionRequestRow | undefined> {
  const [row] = await db.select().from(deletionRequests).where(eq(deletionRequests.id, id));
  return row;
}

export async function lockDeletionRequest(tx: Executor, id: number): Promise<DeletionRequestRow | undefined> {
  const [row] = await tx.select().from(deletionRequests).where(eq(deletionRequests.id, id)).for('update');
  return row;
}

/** Marks every open request of `email` handled with `outcome` (a person may have asked twice). */
export async function markDeletionHandled(
  tx: Executor,
  email: string,
  outcome: ErasureOutcome,
  now: Date,
): Promise<void> {
  await tx
    .update(deletionRequests)
    .set({ handledAt: now, outcome })
    .where(and(sql`lower(${deletionRequests.email}) = lower(${email})`, isNull(deletionRequests.handledAt)));
}

/** Deletes `email`'s sign-in links and sessions (case-blind): an erased person has none. */
export async function deleteLinksAndSessionsOf(tx: Executor, email: string): Promise<void> {
  await tx.delete(manageLinks).where(sql`lower(${manageLinks.email}) = lower(${email})`);
  await tx.delete(manageSessions).where(sql`lower(${manageSessions.email}) = lower(${email})`);
}
