/**
 * The rows a change to a paid order touches: its attendees with their passes, the line each
 * pass admits on (`lineOfPass`) with the tax checkout computed for it, and the writes that take
 * an attendee off the order or move them to a line of their own.
 */
import { and, asc, eq, isNull, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  orderAttendees,
  orderLines,
  orderLineTaxes,
  orders,
  orderTaxes,
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
      participantCategoryId: registrations.participantCategoryId,
      passId: passes.id,
      passCode: passes.code,
      checkedInAt: passes.checkedInAt,
      revokedAt: passes.revokedAt,
      /** The order line the pass admits on (`passes.line_position`). */
      linePosition: passes.linePosition,
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
 * An order's line at `position` with its tax total (paise, null for orders from before GST was
 * recorded) and how its ticket type is sold (per attendee, or a package per company).
 */
export async function findLine(db: Executor, orderId: string, position: number) {
  const [row] = await db
    .select({
      position: orderLines.position,
      quantity: orderLines.quantity,
      unitAmount: orderLines.unitAmount,
      taxTotal: orderLineTaxes.total,
      rateBp: orderLineTaxes.rateBp,
      sacCode: orderLineTaxes.sacCode,
      soldPer: ticketTypes.soldPer,
    })
    .from(orderLines)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .leftJoin(
      orderLineTaxes,
      and(eq(orderLineTaxes.orderId, orderLines.orderId), eq(orderLineTaxes.position, orderLines.position)),
    )
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
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

/**
 * An order's line at `position` as a change of ticket type needs it: its ticket type (how it is
 * sold, its GST rule), its units, and the tax stored for it (null for an order from before GST
 * was recorded) with the order's place of supply and whether its prices include GST.
 */
export async function findLineToChange(db: Executor, orderId: string, position: number) {
  const [row] = await db
    .select({
      position: orderLines.position,
      quantity: orderLines.quantity,
      ticketTypeId: orderLines.ticketTypeId,
      ticketName: ticketTypes.name,
      soldPer: ticketTypes.soldPer,
      placeOfSupply: ticketTypes.placeOfSupply,
      tax: orderLineTaxes,
      pricesIncludeGst: orderTaxes.pricesIncludeGst,
      supplierStateCode: orderTaxes.supplierStateCode,
      placeOfSupplyCode: orderTaxes.placeOfSupplyCode,
      interState: orderTaxes.interState,
      buyerGstin: orderTaxes.buyerGstin,
    })
    .from(orderLines)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .leftJoin(
      orderLineTaxes,
      and(eq(orderLineTaxes.orderId, orderLines.orderId), eq(orderLineTaxes.position, orderLines.position)),
    )
    .leftJoin(orderTaxes, eq(orderTaxes.orderId, orderLines.orderId))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
  return row;
}

/** A ticket type by id in any edition (to tell "another edition" from "unknown"), or undefined. */
export async function findTicketTypeAnyEdition(db: Executor, ticketTypeId: number) {
  const [row] = await db.select().from(ticketTypes).where(eq(ticketTypes.id, ticketTypeId));
  return row;
}

/** The ticket types of an edition sold to a category, archived ones left out, but `except`, cheapest first. */
export async function listTicketTypesOfCategory(
  db: Executor,
  eventId: number,
  participantCategoryId: number,
  except: number,
) {
  return db
    .select()
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.eventId, eventId),
        eq(ticketTypes.participantCategoryId, participantCategoryId),
        isNull(ticketTypes.archivedAt),
        ne(ticketTypes.id, except),
      ),
    )
    .orderBy(asc(ticketTypes.amount), asc(ticketTypes.name));
}

/**
 * Moves an order's line to another ticket type at another unit price (paise, before or with
 * GST as the order was priced): the triggers of migration 0027 move its units from the old
 * type's `sold_seats` to the new one's and log the order's passes for the scanners' sync.
 */
export async function changeLineTicketType(
  tx: Executor,
  orderId: string,
  position: number,
  change: { ticketTypeId: number; unitAmount: number },
): Promise<void> {
  await tx
    .update(orderLines)
    .set({
      ticketTypeId: change.ticketTypeId,
      unitAmount: change.unitAmount,
      amount: sql`${orderLines.quantity} * ${change.unitAmount}`,
    })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
}

/** Adds `paise` the buyer paid on top (an upgrade's difference) to an order's total. */
export async function raiseOrderAmount(tx: Executor, orderId: string, paise: number): Promise<void> {
  await tx
    .update(orders)
    .set({ amount: sql`${orders.amount} + ${paise}` })
    .where(eq(orders.id, orderId));
}

/**
 * Adds a line of one unit of ticket type `ticketTypeId` at `unitAmount` paise to an order, after
 * its other lines (an attendee split out of a group by a change of ticket): the trigger of
 * migration 0027 counts its seat in the type's `sold_seats`, the order being paid.
 * @returns the new line's position
 */
export async function insertUnitLine(
  tx: Executor,
  orderId: string,
  line: { ticketTypeId: number; unitAmount: number },
): Promise<number> {
  const [last] = await tx
    .select({ position: max(orderLines.position) })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const position = (last?.position ?? -1) + 1;
  await tx.insert(orderLines).values({
    orderId,
    ticketTypeId: line.ticketTypeId,
    quantity: 1,
    unitAmount: line.unitAmount,
    amount: line.unitAmount,
    position,
  });
  return position;
}

/**
 * Moves a pass to the order's line at `position`: it admits on that line's ticket from now on,
 * and the trigger of migration 0019 logs it for the scanners' next sync.
 */
export async function movePassToLine(tx: Executor, passId: string, position: number): Promise<void> {
  await tx.update(passes).set({ linePosition: position }).where(eq(passes.id, passId));
}
