/** What badges and bulk pass PDFs print: valid passes with their holders. Drizzle only; methods take `tx ?? db`. */
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  checkinListTicketTypes,
  checkinLists,
  events,
  lineOfPass,
  orderLines,
  orders,
  passes,
  registrations,
  ticketTypes,
} from '../../db/schema.js';

/** Whose passes, resolved to ids: an attendee, an order, or the ticket types a check-in list admits. */
export type PassFilter = { registrationId: string } | { orderId: string } | { listId: number };

function filterOf(db: Executor, filter: PassFilter): SQL {
  if ('registrationId' in filter) return eq(passes.registrationId, filter.registrationId);
  if ('orderId' in filter) return eq(passes.orderId, filter.orderId);
  return inArray(
    orderLines.ticketTypeId,
    db
      .select({ id: checkinListTicketTypes.ticketTypeId })
      .from(checkinListTicketTypes)
      .where(eq(checkinListTicketTypes.checkinListId, filter.listId)),
  );
}

/**
 * The valid passes (paid order, not revoked) of edition `eventId` that `filter` selects, sorted
 * by holder's name then code, with what a badge prints and what `signTokensOf` needs to sign
 * each pass's token (id, event, ticket type, the edition's dates).
 */
export async function listPrintablePasses(db: Executor, eventId: number, filter: PassFilter) {
  return db
    .select({
      id: passes.id,
      code: passes.code,
      eventId: passes.eventId,
      ticketTypeId: orderLines.ticketTypeId,
      ticketTypeName: ticketTypes.name,
      ticketTypeTranslations: ticketTypes.translations,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      name: registrations.name,
      companyName: registrations.companyName,
      participantCategoryId: registrations.participantCategoryId,
      locale: registrations.locale,
      orderReference: orders.reference,
    })
    .from(passes)
    .innerJoin(orders, eq(orders.id, passes.orderId))
    .innerJoin(orderLines, lineOfPass())
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .innerJoin(events, eq(events.id, passes.eventId))
    .innerJoin(registrations, eq(registrations.id, passes.registrationId))
    .where(
      and(
        eq(passes.eventId, eventId),
        isNull(passes.revokedAt),
        eq(orders.status, 'paid'),
        filterOf(db, filter),
      ),
    )
    .orderBy(asc(registrations.name), asc(passes.code));
}

/** A check-in list's name and edition, by id. */
export async function findCheckinList(db: Executor, id: number) {
  const [row] = await db
    .select({ id: checkinLists.id, name: checkinLists.name, eventId: checkinLists.eventId })
    .from(checkinLists)
    .where(eq(checkinLists.id, id));
  return row;
}

/** An order's id and edition, by public reference. */
export async function findOrder(db: Executor, reference: string) {
  const [row] = await db
    .select({ id: orders.id, reference: orders.reference, eventId: orders.eventId })
    .from(orders)
    .where(eq(orders.reference, reference));
  return row;
}
