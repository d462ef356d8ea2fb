/**
 * The rows a change to a paid order touches: its attendees with their passes, its first line
 * (the one its passes are of, `firstLineOf`) with the tax checkout computed for it, and the
 * writes that take an attendee off the order.
 */
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  orderAttendees,
  orderLines,
  orderLineTaxes,
  orders,
  passes,
  passTransferSettings,
  registrations,
  ticketTypes,
} from '../../db/schema.js';

/**
 * Every attendee of an order in checkout order, with their pass of it (if any), their rows
 * locked until the transaction ends so two changes of one attendee never both pass their checks.
 */
export async function lockAttendeesWithPasses(tx: Executor, orderId: string) {
  return tx
    .select({
      registrationId: orderAttendees.registrationId,
      position: orderAttendees.position,
      cancelledAt: orderAttendees.cancelledAt,
      transferredAt: orderAttendees.transferredAt,
      name: registrations.name,
      email: registrations.email,
      passId: passes.id,
      passCode: passes.code,
      checkedInAt: passes.checkedInAt,
      revokedAt: passes.revokedAt,
    })
    .from(orderAttendees)
    .innerJoin(registrations, eq(registrations.id, orderAttendees.registrationId))
    .leftJoin(
      passes,
      and(
        eq(passes.orderId, orderAttendees.orderId),
        eq(passes.registrationId, orderAttendees.registrationId),
      ),
    )
    .where(eq(orderAttendees.orderId, orderId))
    .orderBy(asc(orderAttendees.position))
    .for('update', { of: orderAttendees });
}

export type AttendeeWithPass = Awaited<ReturnType<typeof lockAttendeesWithPasses>>[number];

/**
 * An order's first line with its tax total (paise, null for orders from before GST was
 * recorded) and how its ticket type is sold (per attendee, or a package per company).
 */
export async function findFirstLine(db: Executor, orderId: string) {
  const [row] = await db
    .select({
      position: orderLines.position,
      quantity: orderLines.quantity,
      unitAmount: orderLines.unitAmount,
      taxTotal: orderLineTaxes.total,
      soldPer: ticketTypes.soldPer,
    })
    .from(orderLines)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .leftJoin(
      orderLineTaxes,
      and(eq(orderLineTaxes.orderId, orderLines.orderId), eq(orderLineTaxes.position, orderLines.position)),
    )
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, 0)));
  return row;
}

/** Revokes one valid pass; false when it was revoked already. */
export async function revokePass(tx: Executor, passId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(passes)
    .set({ revokedAt: now })
    .where(and(eq(passes.id, passId), isNull(passes.revokedAt)))
    .returning({ id: passes.id });
  return rows.length > 0;
}

/**
 * Takes one unit off an order's line (its amount with it): the trigger of migration 0027 takes
 * the seat off its ticket type's `sold_seats`, so it is free again.
 */
export async function takeUnitOffLine(tx: Executor, orderId: string, position: number): Promise<void> {
  await tx
    .update(orderLines)
    .set({
      quantity: sql`${orderLines.quantity} - 1`,
      amount: sql`${orderLines.amount} - ${orderLines.unitAmount}`,
    })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
}

/** Marks an attendee of an order as cancelled from it or as having transferred their pass. */
export async function markAttendee(
  tx: Executor,
  orderId: string,
  registrationId: string,
  change: { cancelledAt: Date } | { transferredAt: Date },
): Promise<void> {
  await tx
    .update(orderAttendees)
    .set(change)
    .where(and(eq(orderAttendees.orderId, orderId), eq(orderAttendees.registrationId, registrationId)));
}

/** Adds a person to an order after its other attendees (a pass's new holder). */
export async function appendAttendee(tx: Executor, orderId: string, registrationId: string): Promise<void> {
  const [last] = await tx
    .select({ position: max(orderAttendees.position) })
    .from(orderAttendees)
    .where(eq(orderAttendees.orderId, orderId));
  await tx.insert(orderAttendees).values({ orderId, registrationId, position: (last?.position ?? -1) + 1 });
}

/** The order and holder of a pass by its code (any case), or undefined for no such pass. */
export async function findPassByCode(db: Executor, code: string) {
  const [row] = await db
    .select({ reference: orders.reference, registrationId: passes.registrationId, eventId: passes.eventId })
    .from(passes)
    .innerJoin(orders, eq(orders.id, passes.orderId))
    .where(eq(passes.code, code.toUpperCase()));
  return row;
}

/** Whether an edition lets attendees transfer their own passes; false without a row. */
export async function attendeesMayTransfer(db: Executor, eventId: number): Promise<boolean> {
  const [row] = await db
    .select({ allowed: passTransferSettings.attendeesMayTransfer })
    .from(passTransferSettings)
    .where(eq(passTransferSettings.eventId, eventId));
  return row?.allowed ?? false;
}

/** Sets whether an edition lets attendees transfer their own passes. */
export async function setAttendeesMayTransfer(
  tx: Executor,
  eventId: number,
  allowed: boolean,
  now: Date,
): Promise<void> {
  await tx
    .insert(passTransferSettings)
    .values({ eventId, attendeesMayTransfer: allowed, updatedAt: now })
    .onConflictDoUpdate({
      target: passTransferSettings.eventId,
      set: { attendeesMayTransfer: allowed, updatedAt: now },
    });
}
