/**
 * Self-service storage: sign-in links, sessions and deletion requests (this module's tables),
 * and read-only views of what an email is part of: its registrations, the orders they are in
 * and those orders' attendees and passes. Changes to registrations and orders go through
 * their modules' services, never through here.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  deletionRequests,
  manageLinks,
  manageSessions,
  orderAttendees,
  orders,
  passes,
  registrations,
  ticketTypes,
} from '../../db/schema.js';

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

/** Whether any registration of an event uses this email (case-blind). */
export async function emailIsRegistered(db: Executor, eventId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), sql`lower(${registrations.email}) = ${email}`))
    .limit(1);
  return row !== undefined;
}

/** Registrations of an event under this email (case-blind), oldest first. */
export async function registrationsOfEmail(db: Executor, eventId: number, email: string) {
  return db
    .select()
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), sql`lower(${registrations.email}) = ${email}`))
    .orderBy(asc(registrations.createdAt));
}

/** Orders that include any of these attendees, newest first, with their ticket type's name. */
export async function ordersOfRegistrations(db: Executor, registrationIds: string[]) {
  if (registrationIds.length === 0) return [];
  const ids = db
    .selectDistinct({ id: orderAttendees.orderId })
    .from(orderAttendees)
    .where(inArray(orderAttendees.registrationId, registrationIds));
  return db
    .select({ order: orders, ticketName: ticketTypes.name })
    .from(orders)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orders.ticketTypeId))
    .where(inArray(orders.id, ids))
    .orderBy(desc(orders.createdAt));
}

/** The attendees of these orders in checkout order, with their registrations. */
export async function attendeesOfOrders(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderAttendees.orderId,
      position: orderAttendees.position,
      registration: registrations,
    })
    .from(orderAttendees)
    .innerJoin(registrations, eq(registrations.id, orderAttendees.registrationId))
    .where(inArray(orderAttendees.orderId, orderIds))
    .orderBy(asc(orderAttendees.orderId), asc(orderAttendees.position));
}

/** Every pass of these attendees (revoked ones too), with its order's reference. */
export async function passesOfRegistrations(db: Executor, registrationIds: string[]) {
  if (registrationIds.length === 0) return [];
  return db
    .select({
      code: passes.code,
      registrationId: passes.registrationId,
      issuedAt: passes.issuedAt,
      revokedAt: passes.revokedAt,
      orderReference: orders.reference,
    })
    .from(passes)
    .innerJoin(orders, eq(orders.id, passes.orderId))
    .where(inArray(passes.registrationId, registrationIds));
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
