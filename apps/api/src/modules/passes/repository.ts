/** Event passes: one per attendee of a paid order. */
import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  checkinSigningKeys,
  events,
  lineOfPass,
  orderAttendees,
  orderLines,
  orders,
  passes,
  registrations,
  ticketTypes,
} from '../../db/schema.js';

export type NewPass = typeof passes.$inferInsert;

export async function insertPasses(tx: Executor, rows: NewPass[]) {
  if (rows.length > 0) await tx.insert(passes).values(rows);
}

/**
 * The valid passes of an order (a pass revoked while its order stays paid, its attendee
 * cancelled or the pass transferred, is shown nowhere) with their holders, in checkout order,
 * and what their tokens say (as `findPassesForToken`), so rendering them needs no second read.
 */
export async function listPassesOfOrder(db: Executor, orderId: string) {
  return db
    .select({
      id: passes.id,
      code: passes.code,
      eventId: passes.eventId,
      ticketTypeId: orderLines.ticketTypeId,
      ticketName: ticketTypes.name,
      ticketTranslations: ticketTypes.translations,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      registrationId: registrations.id,
      participantCategoryId: registrations.participantCategoryId,
      name: registrations.name,
      email: registrations.email,
      locale: registrations.locale,
    })
    .from(passes)
    .innerJoin(orderLines, lineOfPass())
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .innerJoin(events, eq(events.id, passes.eventId))
    .innerJoin(registrations, eq(registrations.id, passes.registrationId))
    .innerJoin(
      orderAttendees,
      and(
        eq(orderAttendees.orderId, passes.orderId),
        eq(orderAttendees.registrationId, passes.registrationId),
      ),
    )
    .where(and(eq(passes.orderId, orderId), isNull(passes.revokedAt)))
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

/** Every pass of an order, revoked ones included, with the name of the ticket it admits on. */
export async function listAllPassesOfOrder(db: Executor, orderId: string) {
  return db
    .select({
      registrationId: passes.registrationId,
      code: passes.code,
      revokedAt: passes.revokedAt,
      ticketName: ticketTypes.name,
    })
    .from(passes)
    .innerJoin(orderLines, lineOfPass())
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
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
      ticketName: ticketTypes.name,
      ticketTranslations: ticketTypes.translations,
    })
    .from(passes)
    .innerJoin(orders, eq(orders.id, passes.orderId))
    .innerJoin(orderLines, lineOfPass())
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .where(eq(passes.registrationId, registrationId))
    .orderBy(desc(passes.issuedAt));
}

export type SigningKeyRow = typeof checkinSigningKeys.$inferSelect;

/** The key that signs new tokens: the one not retired. */
export async function findActiveSigningKey(db: Executor): Promise<SigningKeyRow | undefined> {
  const [row] = await db.select().from(checkinSigningKeys).where(isNull(checkinSigningKeys.retiredAt));
  return row;
}

export async function findSigningKey(db: Executor, id: string): Promise<SigningKeyRow | undefined> {
  const [row] = await db.select().from(checkinSigningKeys).where(eq(checkinSigningKeys.id, id));
  return row;
}

/** Every signing key, newest first. */
export async function listSigningKeys(db: Executor): Promise<SigningKeyRow[]> {
  return db.select().from(checkinSigningKeys).orderBy(desc(checkinSigningKeys.createdAt));
}

/** Inserts a key unless one is active or the id exists; false when another won. */
export async function insertSigningKey(
  tx: Executor,
  row: typeof checkinSigningKeys.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(checkinSigningKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: checkinSigningKeys.id });
  return inserted.length > 0;
}

export async function retireSigningKeys(tx: Executor, exceptId: string, now: Date) {
  await tx
    .update(checkinSigningKeys)
    .set({ retiredAt: now })
    .where(and(isNull(checkinSigningKeys.retiredAt), ne(checkinSigningKeys.id, exceptId)));
}

/** Retires one key as of `now`. */
export async function retireSigningKey(db: Executor, id: string, now: Date) {
  await db.update(checkinSigningKeys).set({ retiredAt: now }).where(eq(checkinSigningKeys.id, id));
}

/** Replaces a key's stored private half (`privateKey`: encrypted PKCS #8 DER, base64). */
export async function setStoredPrivateKey(db: Executor, id: string, privateKey: string) {
  await db.update(checkinSigningKeys).set({ privateKey }).where(eq(checkinSigningKeys.id, id));
}

export async function reactivateSigningKey(tx: Executor, id: string) {
  await tx.update(checkinSigningKeys).set({ retiredAt: null }).where(eq(checkinSigningKeys.id, id));
}

/** What a pass's token says: its id, event, ticket type, and the edition's dates. */
export async function findPassesForToken(db: Executor, where: { codes: string[] }) {
  if (where.codes.length === 0) return [];
  return db
    .select({
      id: passes.id,
      code: passes.code,
      eventId: passes.eventId,
      ticketTypeId: orderLines.ticketTypeId,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
    })
    .from(passes)
    .innerJoin(orderLines, lineOfPass())
    .innerJoin(events, eq(events.id, passes.eventId))
    .where(inArray(passes.code, where.codes));
}
