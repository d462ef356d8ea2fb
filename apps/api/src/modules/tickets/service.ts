/**
 * Ticket list of a register tab (the spec's Select Tickets dialog and
 * `auth/list-by-participant/ticketMaster/{participantCategoryId}`) with live availability.
 */
import { EVENT_TIME_ZONE, shownText, type Locale, type TicketType } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { readMostly } from '../../db/read-mostly.js';
import { NotOnSaleError, SalesEndedError } from '../../errors.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { priceGstOf } from '../tax/service.js';
import { seatsOfTypes } from '../availability/service.js';
import {
  findTicketType,
  listEventTicketTypes,
  listTicketTypeCategories,
  listSaleWindows,
  listTicketTypesOf,
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
 * what a buyer without a voucher may take at `now` (availability `seatsOfTypes`), never below
 * zero: capacity less the seats orders hold, vouchers hold back and the waiting list is owed.
 *
 * @throws NotFoundError no event exists
 */
export async function listTicketTypes(
  db: Executor,
  participantCategoryId: number,
  now: Date,
): Promise<TicketType[]> {
  const event = await getCurrentEvent(db);
  const rows = await listTicketTypesOf(db, event.id, participantCategoryId);
  const gstOf = await priceGstOf(db, event.id);
  const listed = rows.filter((row) => isListed(row, now));
  const seats = await seatsOfTypes(
    db,
    listed.map((row) => row.id),
    now,
  );
  return listed.map((row) => {
    const available = seats.get(row.id)?.forBuyers ?? 0;
    return {
      _id: row.id,
      name: row.name,
      amount: row.amount,
      listPrice: row.listPrice,
      listPriceReason: row.listPriceReason,
      remarks: row.remarks,
      translations: row.translations,
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
 * A ticket type's name in `locale`, for what is sent in a person's language (emails): the
 * organizers' translation, else the English (decision 034).
 */
export function ticketNameIn(
  ticketType: Pick<TicketTypeRow, 'name' | 'translations'>,
  locale: Locale,
): string {
  return shownText(ticketType.translations, locale, 'name', ticketType.name).text;
}

/** Every ticket type of an edition, archived ones too, by category and the organizer's order. */
export function editionTicketTypes(db: Executor, eventId: number): Promise<TicketTypeRow[]> {
  return listEventTicketTypes(db, eventId);
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
 * so that checkouts, late payments and waiting-list offers of it count seats (modules/availability)
 * and take them one at a time, and capacity
 * cannot be oversold. Undefined when the event has no such ticket type.
 */
export async function lockTicketTypeForSale(
  tx: Executor,
  eventId: number,
  ticketTypeId: number,
): Promise<TicketTypeRow | undefined> {
  return lockTicketType(tx, eventId, ticketTypeId);
}
