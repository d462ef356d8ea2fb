/**
 * Seat availability: the one answer to "how many seats of this ticket type can this buyer
 * take?" (pretix's quota, `Quota.availability`, is the model). A ticket type's capacity is
 * held by
 * - orders: paid ones (`ticket_types.sold_seats`, which a trigger on `orders` keeps in the
 *   transaction that pays, refunds, moves or deletes an order: migration 0021, decision 016)
 *   and pending ones whose reservation has not lapsed (no job returns a lapsed one's seats:
 *   it simply stops counting);
 * - vouchers with reserved seats: held back for the voucher's holder alone,
 *   until its own orders take them, it is disabled or its window ends;
 * - the waiting list: seats its entries still waiting ask for are owed to the
 *   line, so public sale leaves them until the sweep offers them to the first in line.
 *
 * Every count is one statement that reads those modules' tables; none of them counts seats
 * itself. Checkout, late payments and waiting-list offers count under the ticket type's row
 * lock (tickets `lockTicketTypeForSale`), so two of them never take the same seat.
 */
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import * as repository from './repository.js';

export type { SoldAndReserved } from './repository.js';

/** What availability needs of a ticket type: its id and capacity (a locked row for the counts in a transaction). */
export interface Capacity {
  id: number;
  capacity: number;
}

type Counted = Pick<repository.SeatCount, 'held' | 'own' | 'others' | 'owed'>;

/** Capacity less the seats orders hold and vouchers hold back (possibly negative after capacity was lowered). */
const freeOf = (capacity: number, seats: Counted) => capacity - seats.held - seats.own - seats.others;

/**
 * What a buyer may take: the seats their voucher holds back for them, plus the free seats
 * not owed to the waiting list (seats that come back go to the line first).
 */
const forBuyerOf = (capacity: number, seats: Counted) => {
  const free = freeOf(capacity, seats);
  return seats.own + free - Math.min(seats.owed, Math.max(0, free));
};

/**
 * Seats of a locked ticket type a buyer with voucher `voucherId` (or none) may take at `now`:
 * what their voucher holds back for them, plus the free seats not owed to the waiting list.
 * Possibly negative after an organizer lowered capacity. Checkout's and a late payment's
 * count, under the ticket type's lock.
 */
export async function seatsForBuyer(
  tx: Executor,
  ticketType: Capacity,
  now: Date,
  voucherId: number | null,
): Promise<number> {
  return forBuyerOf(ticketType.capacity, await repository.countSeats(tx, ticketType.id, now, voucherId));
}

/**
 * Seats of a locked ticket type free at `now`: capacity less the seats orders hold and every
 * voucher holds back, the waiting list's included (possibly negative after capacity was
 * lowered). What the waiting list offers to its line; buyers get `seatsForBuyer`.
 */
export async function seatsLeft(tx: Executor, ticketType: Capacity, now: Date): Promise<number> {
  return freeOf(ticketType.capacity, await repository.countSeats(tx, ticketType.id, now, null));
}

/** A ticket type's seats at a moment, never below 0, as lists show them. */
export interface SeatsOfType {
  /** What a buyer without a voucher may take: `seatsForBuyer` with none. */
  forBuyers: number;
  /** What the waiting list may offer: `seatsLeft`. */
  forOffers: number;
}

/**
 * `SeatsOfType` of several ticket types at `now` in one statement, unlocked (the public ticket
 * list, the console's waiting lists): id → seats; unknown ids are absent.
 */
export async function seatsOfTypes(
  db: Executor,
  ticketTypeIds: number[],
  now: Date,
): Promise<Map<number, SeatsOfType>> {
  const counts = await repository.countSeatsPerType(db, ticketTypeIds, now);
  return new Map(
    [...counts].map(([id, { capacity, ...seats }]) => [
      id,
      {
        forBuyers: Math.max(0, forBuyerOf(capacity, seats)),
        forOffers: Math.max(0, freeOf(capacity, seats)),
      },
    ]),
  );
}

/**
 * Conditions on `orders` for the seats an order holds at `now`: `sold` (paid), `reserved`
 * (pending, its reservation not lapsed) and `holding` (either). The vouchers module counts a
 * voucher's uses with them, so a use and a held seat are one rule.
 */
export function seatConditions(now: Date): { sold: SQL; reserved: SQL; holding: SQL } {
  return repository.seatConditions(now);
}

/** Sold and reserved seats of one ticket type at `now` (the console's capacity check and figures). */
export async function soldAndReserved(
  db: Executor,
  ticketTypeId: number,
  now: Date,
): Promise<repository.SoldAndReserved> {
  return repository.countSoldAndReserved(db, ticketTypeId, now);
}

/** Seats of one ticket type at a moment, as the organizer console shows them. */
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

/** Every ticket type of an event (archived ones too) with its seats at `now`, by participant category and display order. */
export async function ticketTypeSeats(db: Executor, eventId: number, now: Date): Promise<TicketTypeSeats[]> {
  const rows = await repository.listSoldAndReserved(db, eventId, now);
  return rows.map((row) => ({ ...row, available: Math.max(0, row.capacity - row.sold - row.reserved) }));
}
