/**
 * Ticket list of a register tab (spec §2 Select Tickets, §7 `auth/list-by-participant/
 * ticketMaster/{participantCategoryId}`) with live availability.
 */
import { EVENT_TIME_ZONE, type TicketType } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { readMostly } from '../../db/read-mostly.js';
import { NotOnSaleError, SalesEndedError } from '../../errors.js';
import { getCurrentEvent } from '../reference-data/service.js';
import { priceGstOf } from '../tax/service.js';
import { seatsHeldByVouchersColumns, seatsHeldByVouchersPerType } from '../vouchers/service.js';
import { seatsOwedColumn, seatsOwedToWaitingLists } from '../waiting-list/service.js';
import {
  countSeatsWith,
  findTicketType,
  listTicketTypeCategories,
  listSaleWindows,
  listTicketTypeSeats,
  listTicketTypesWithHeldSeats,
  lockTicketType,
  type TicketTypeRow,
} from './repository.js';

export type { TicketTypeRow };

/** True once the ticket type's sales end has passed; a ticket type without one is always on sale. */
export function salesHaveEnded(ticketType: Pick<TicketTypeRow, 'salesEndAt'>, now: Date): boolean {
  return ticketType.salesEndAt !== null && ticketType.salesEndAt.getTime() <= now.getTime();
}

type SaleFields = Pick<TicketTypeRow, 'visibility' | 'archivedAt' | 'salesStartAt' | 'salesEndAt'>;

/**
 * True when the public ticket list shows the ticket type at `now`: visible, not archived, and
 * its sales have started (no sales start means from the beginning). A type whose sales have
 * ended stays listed, marked `salesEnded`, so buyers see why it cannot be chosen.
 */
export function isListed(ticketType: SaleFields, now: Date): boolean {
  return (
    ticketType.visibility === 'visible' &&
    ticketType.archivedAt === null &&
    (ticketType.salesStartAt === null || ticketType.salesStartAt.getTime() <= now.getTime())
  );
}

/** True when the ticket type can be bought at `now`: listed, and its sales have not ended. */
export function isOnSale(ticketType: SaleFields, now: Date): boolean {
  return isListed(ticketType, now) && !salesHaveEnded(ticketType, now);
}

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * Checkout's check that a ticket type can be bought at `now`.
 *
 * @throws NotOnSaleError hidden, archived, or sales not yet open (409)
 * @throws SalesEndedError sales have ended (409)
 */
export function assertOnSale(ticketType: SaleFields & Pick<TicketTypeRow, 'name'>, now: Date): void {
  if (ticketType.visibility !== 'visible' || ticketType.archivedAt !== null) {
    throw new NotOnSaleError(`${ticketType.name} is not on sale. Please choose another ticket.`);
  }
  if (ticketType.salesStartAt !== null && ticketType.salesStartAt.getTime() > now.getTime()) {
    throw new NotOnSaleError(
      `Sales of ${ticketType.name} open on ${IST.format(ticketType.salesStartAt)} (India time)`,
    );
  }
  if (salesHaveEnded(ticketType, now)) throw new SalesEndedError(`Sales of ${ticketType.name} have ended`);
}

/**
 * Ticket types of the current event for one participant category that are listed at `now`
 * (see `isListed`: hidden, archived and not-yet-on-sale types are left out). `available` is
 * capacity minus seats held by paid and unexpired pending orders, by vouchers' reserved seats
 * and owed to the waiting list at `now`, never below zero (a voucher holder may still buy a
 * reserved seat): what `seatsForBuyer` lets a buyer without a voucher take.
 *
 * @throws NotFoundError no event exists
 */
export async function listTicketTypes(
  db: Executor,
  participantCategoryId: number,
  now: Date,
): Promise<TicketType[]> {
  const event = await getCurrentEvent(db);
  const rows = await listTicketTypesWithHeldSeats(db, event.id, participantCategoryId, now);
  const gstOf = await priceGstOf(db);
  const listed = rows.filter((row) => isListed(row, now));
  const ids = listed.map((row) => row.id);
  const [heldBack, owed] = await Promise.all([
    seatsHeldByVouchersPerType(db, ids, now),
    seatsOwedToWaitingLists(db, ids),
  ]);
  return listed.map((row) => {
    const free = row.capacity - row.heldSeats - (heldBack.get(row.id) ?? 0);
    const available = Math.max(0, free - (owed.get(row.id) ?? 0));
    return {
      _id: row.id,
      name: row.name,
      amount: row.amount,
      listPrice: row.listPrice,
      remarks: row.remarks,
      soldPer: row.soldPer,
      passesIncluded: row.passesIncluded,
      participantCategoryId: row.participantCategoryId,
      capacity: row.capacity,
      available,
      salesEnd: row.salesEndAt ? row.salesEndAt.toISOString() : null,
      soldOut: available === 0,
      salesEnded: salesHaveEnded(row, now),
      gst: gstOf(row),
    };
  });
}

/** What decides whether a ticket type sells at a moment (`isOnSale`), with its participant category. */
export type SaleWindow = SaleFields & Pick<TicketTypeRow, 'participantCategoryId'>;

/**
 * The sales windows of every ticket type of the event, archived and hidden ones included (the
 * caller filters with `isListed`/`isOnSale`). Kept in process between organizers' changes when
 * `db` is the app's handle (db/read-mostly.ts): the site's edition state reads them on every
 * visit, and only an organizer changes a ticket type.
 */
export function saleWindows(db: Executor, eventId: number): Promise<SaleWindow[]> {
  return readMostly(db, `ticket-sale-windows:${eventId}`, () => listSaleWindows(db, eventId));
}

/** A ticket type of the event by id, unlocked (for price quotes); undefined when unknown. */
export async function getTicketType(
  db: Executor,
  eventId: number,
  ticketTypeId: number,
): Promise<TicketTypeRow | undefined> {
  return findTicketType(db, eventId, ticketTypeId);
}

/**
 * Whether the event has this ticket type and sells it to the participant category (a
 * registration's choice of ticket). The event's ticket types' categories are kept in process
 * between organizers' changes when `db` is the app's handle (db/read-mostly.ts): only an
 * organizer adds a ticket type or moves it to another category.
 */
export async function isSoldTo(
  db: Executor,
  eventId: number,
  ticketTypeId: number,
  participantCategoryId: number,
): Promise<boolean> {
  const categories = await readMostly(db, `ticket-type-categories:${eventId}`, async () => {
    const rows = await listTicketTypeCategories(db, eventId);
    return new Map(rows.map((row) => [row.id, row.participantCategoryId]));
  });
  return categories.get(ticketTypeId) === participantCategoryId;
}

/**
 * Locks a ticket type of the event for the rest of the transaction (`FOR NO KEY UPDATE`),
 * so that checkouts and late payments of it count and take seats one at a time and capacity
 * cannot be oversold. Undefined when the event has no such ticket type.
 */
export async function lockTicketTypeForSale(
  tx: Executor,
  eventId: number,
  ticketTypeId: number,
): Promise<TicketTypeRow | undefined> {
  return lockTicketType(tx, eventId, ticketTypeId);
}

/**
 * Seats of a locked ticket type free at `now`: capacity − seats held by paid and unexpired
 * pending orders − seats vouchers still hold back (issue 10 §3; possibly negative after an
 * organizer lowers capacity). What the waiting list offers to its line; buyers get
 * `seatsForBuyer`.
 */
export async function seatsLeft(tx: Executor, ticketType: TicketTypeRow, now: Date): Promise<number> {
  const seats = await countSeatsWith(
    tx,
    ticketType.id,
    now,
    seatsHeldByVouchersColumns(tx, ticketType.id, now, null),
  );
  return ticketType.capacity - seats.held - seats.own - seats.others;
}

/**
 * Seats of a locked ticket type a buyer with voucher `voucherId` (or none) may take at `now`:
 * what their voucher holds back for them, plus the free seats (`seatsLeft`) not owed to the
 * ticket type's waiting list (issue 10 §4: seats that come back go to the line first). One
 * statement: checkout holds the ticket type's lock while it counts.
 */
export async function seatsForBuyer(
  tx: Executor,
  ticketType: TicketTypeRow,
  now: Date,
  voucherId: number | null,
): Promise<number> {
  const seats = await countSeatsWith(tx, ticketType.id, now, {
    ...seatsHeldByVouchersColumns(tx, ticketType.id, now, voucherId),
    owed: seatsOwedColumn(tx, ticketType.id),
  });
  const free = ticketType.capacity - seats.held - seats.own - seats.others;
  return seats.own + free - Math.min(seats.owed, Math.max(0, free));
}

/** Seats of one ticket type at a moment, as the organizer dashboard shows them. */
export interface TicketTypeSeats {
  id: number;
  name: string;
  participantCategoryId: number;
  capacity: number;
  /** Seats of paid orders. */
  sold: number;
  /** Seats of pending orders whose reservation has not lapsed at `now`. */
  reserved: number;
  /** capacity − sold − reserved, never below 0 (capacity may have been lowered under sales). */
  available: number;
}

/** Every ticket type of an event with its seats at `now`, by participant category and display order. */
export async function ticketTypeSeats(db: Executor, eventId: number, now: Date): Promise<TicketTypeSeats[]> {
  const rows = await listTicketTypeSeats(db, eventId, now);
  return rows.map((row) => ({ ...row, available: Math.max(0, row.capacity - row.sold - row.reserved) }));
}
