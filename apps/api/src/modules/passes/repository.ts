/** Event passes: one per attendee of a paid order. */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderAttendees, orders, passes, registrations } from '../../db/schema.js';

export type NewPass = typeof passes.$inferInsert;

/** Which of these attendees already hold a pass (of any order). */
export async function findPassHolders(db: Executor, registrationIds: string[]): Promise<string[]> {
  if (registrationIds.length === 0) return [];
  const rows = await db
    .select({ registrationId: passes.registrationId })
    .from(passes)
    .where(inArray(passes.registrationId, registrationIds));
  return rows.map((row) => row.registrationId);
}

export async function insertPasses(tx: Executor, rows: NewPass[]) {
  if (rows.length > 0) await tx.insert(passes).values(rows);
}

/** The passes of an order with their holders, in checkout order. */
export async function listPassesOfOrder(db: Executor, orderId: string) {
  return db
    .select({
      code: passes.code,
      registrationId: registrations.id,
      participantCategoryId: registrations.participantCategoryId,
      name: registrations.name,
      email: registrations.email,
    })
    .from(passes)
    .innerJoin(registrations, eq(registrations.id, passes.registrationId))
    .innerJoin(
      orderAttendees,
      and(
        eq(orderAttendees.orderId, passes.orderId),
        eq(orderAttendees.registrationId, passes.registrationId),
      ),
    )
    .where(eq(passes.orderId, orderId))
    .orderBy(asc(orderAttendees.position));
}

/** Revokes the valid passes of an order; returns how many. */
export async function revokePassesOfOrder(tx: Executor, orderId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(passes)
    .set({ revokedAt: now })
    .where(and(eq(passes.orderId, orderId), isNull(passes.revokedAt)))
    .returning({ id: passes.id });
  return rows.length;
}

/** Every pass of an order, revoked ones included. */
export async function listAllPassesOfOrder(db: Executor, orderId: string) {
  return db
    .select({ registrationId: passes.registrationId, code: passes.code, revokedAt: passes.revokedAt })
    .from(passes)
    .where(eq(passes.orderId, orderId));
}

/** Every pass of these attendees (revoked ones too), with its order's reference. */
export async function listPassesOfRegistrations(db: Executor, registrationIds: string[]) {
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

/** Every pass of an attendee (revoked ones too) with its order's reference, newest first. */
export async function listPassesOfRegistration(db: Executor, registrationId: string) {
  return db
    .select({
      code: passes.code,
      orderId: passes.orderId,
      orderReference: orders.reference,
      issuedAt: passes.issuedAt,
      checkedInAt: passes.checkedInAt,
      revokedAt: passes.revokedAt,
    })
    .from(passes)
    .innerJoin(orders, eq(orders.id, passes.orderId))
    .where(eq(passes.registrationId, registrationId))
    .orderBy(desc(passes.issuedAt));
}
