/** Ticket types. The seats held against their capacity are counted by modules/availability. */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  checkinListTicketTypes,
  orderLines,
  registrations,
  ticketTypes,
  voucherTicketTypes,
} from '../../db/schema.js';

export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type NewTicketTypeRow = typeof ticketTypes.$inferInsert;

/** Ticket types of one event and participant category, in display order. */
export async function listTicketTypesOf(
  db: Executor,
  eventId: number,
  participantCategoryId: number,
): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(ticketTypes)
    .where(
      and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.participantCategoryId, participantCategoryId)),
    )
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
}

/**
 * Reads a ticket type of the event and locks its row until the transaction ends: concurrent
 * checkouts of the same ticket type then count and reserve seats one after another, and
 * payments, whose `sold_seats` update (the orders triggers) takes the same lock, wait for
 * them, so capacity cannot be oversold. Call inside a transaction.
 *
 * `FOR NO KEY UPDATE`, not `FOR UPDATE`: inserting a registration or an order that refers
 * to the ticket type takes a KEY SHARE lock on its row (the foreign key), which FOR UPDATE
 * would wait for and block. With the row updated by every payment, FOR UPDATE also
 * deadlocked against those foreign-key checks following the row's update chain (seen on
 * PostgreSQL under the order-flow bench). Deleting the ticket type asks for `'update'`,
 * which keeps new references out while it counts the existing ones.
 */
export async function lockTicketType(
  tx: Executor,
  eventId: number,
  ticketTypeId: number,
  strength: 'no key update' | 'update' = 'no key update',
) {
  const [row] = await tx
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, ticketTypeId), eq(ticketTypes.eventId, eventId)))
    .for(strength);
  return row;
}

/** Every ticket type of an event: its id and the participant category it is sold to. */
export function listTicketTypeCategories(db: Executor, eventId: number) {
  return db
    .select({ id: ticketTypes.id, participantCategoryId: ticketTypes.participantCategoryId })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
}

/** Every ticket type of an event with what decides whether it sells: category, visibility, archiving, sales window. */
export async function listSaleWindows(db: Executor, eventId: number) {
  // Awaited here: a Drizzle query is a thenable that runs again each time it is awaited, and
  // the caller keeps the result (db/read-mostly.ts).
  return await db
    .select({
      participantCategoryId: ticketTypes.participantCategoryId,
      visibility: ticketTypes.visibility,
      archivedAt: ticketTypes.archivedAt,
      salesStartAt: ticketTypes.salesStartAt,
      salesEndAt: ticketTypes.salesEndAt,
    })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
}

/** A ticket type of the event, without locking it; undefined when the event has none such. */
export async function findTicketType(db: Executor, eventId: number, ticketTypeId: number) {
  const [row] = await db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, ticketTypeId), eq(ticketTypes.eventId, eventId)));
  return row;
}

/** Every ticket type of an event (archived ones too), by participant category and display order. */
export async function listEventTicketTypes(db: Executor, eventId: number): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.participantCategoryId), asc(ticketTypes.sortOrder), asc(ticketTypes.id));
}

/**
 * Order lines (of orders in any status), registrations, vouchers and check-in lists that refer
 * to a ticket type; any of them forbids deleting it (the vouchers' and lists' foreign keys
 * restrict). `orders` counts lines, which for one-line orders is their orders.
 */
export async function countTicketTypeReferences(db: Executor, ticketTypeId: number) {
  const referring = async (
    table:
      typeof orderLines | typeof registrations | typeof voucherTicketTypes | typeof checkinListTicketTypes,
  ) => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.ticketTypeId, ticketTypeId));
    return Number(row?.n ?? 0);
  };
  return {
    orders: await referring(orderLines),
    registrations: await referring(registrations),
    vouchers: await referring(voucherTicketTypes),
    checkinLists: await referring(checkinListTicketTypes),
  };
}

export async function insertTicketTypeRow(db: Executor, values: NewTicketTypeRow): Promise<TicketTypeRow> {
  const [row] = await db.insert(ticketTypes).values(values).returning();
  if (!row) throw new Error('ticket type insert returned no row');
  return row;
}

export async function updateTicketTypeRow(
  db: Executor,
  id: number,
  values: Partial<NewTicketTypeRow>,
): Promise<TicketTypeRow> {
  const [row] = await db.update(ticketTypes).set(values).where(eq(ticketTypes.id, id)).returning();
  if (!row) throw new Error(`ticket type ${id} vanished while locked`);
  return row;
}

export async function deleteTicketTypeRow(db: Executor, id: number): Promise<void> {
  await db.delete(ticketTypes).where(eq(ticketTypes.id, id));
}
