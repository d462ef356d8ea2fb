/**
 * Ticket list of a register tab (spec §2 Select Tickets, §7 `auth/list-by-participant/
 * ticketMaster/{participantCategoryId}`) with live availability.
 */
import type { TicketType } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { getCurrentEvent } from '../reference-data/service.js';
import { listTicketTypesWithHeldSeats, type TicketTypeRow } from './repository.js';

/** True once the ticket type's sales end has passed; a ticket type without one is always on sale. */
export function salesHaveEnded(ticketType: Pick<TicketTypeRow, 'salesEndAt'>, now: Date): boolean {
  return ticketType.salesEndAt !== null && ticketType.salesEndAt.getTime() <= now.getTime();
}

/**
 * Ticket types of the current event for one participant category. `available` is capacity
 * minus seats held by paid and unexpired pending orders at `now`, never below zero.
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
  return rows.map((row) => {
    const available = Math.max(0, row.capacity - row.heldSeats);
    return {
      _id: row.id,
      name: row.name,
      amount: row.amount,
      listPrice: row.listPrice,
      remarks: row.remarks,
      participantCategoryId: row.participantCategoryId,
      capacity: row.capacity,
      available,
      salesEnd: row.salesEndAt ? row.salesEndAt.toISOString() : null,
      soldOut: available === 0,
      salesEnded: salesHaveEnded(row, now),
    };
  });
}
