/**
 * Self-service storage: sign-in links, sessions and deletion requests (this module's tables).
 * What an email is part of (registrations, orders, passes) is read through those modules'
 * services.
 */
import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deletionRequests, manageLinks, manageSessions } from '../../db/schema.js';

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
