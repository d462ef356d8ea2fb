/**
 * What a manage session reaches (docs/self-service.md): the registrations under its email, the
 * orders they are in and those orders' attendees, and which of them it may act for.
 */
import { formatTicketUnits, ticketTextTranslations, type ManageOrder } from '@festival/shared';
import type { Database } from '../../db/client.js';
import { ForbiddenError } from '../../errors.js';
import {
  linesOfOrders,
  ordersWithAttendees,
  ordersWithReportedFailure,
  ticketsOfLines,
  visitorStatus,
} from '../orders/service.js';
import { passesOfAttendees } from '../passes/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { registrationsOfEmail } from '../registrations/service.js';
import { SESSION_MESSAGES } from './sign-in.js';

/** What an email is part of, in the current edition. */
export async function scopeOf(db: Database, email: string, now: Date) {
  const event = await getCurrentEvent(db);
  const own = await registrationsOfEmail(db, event.id, email);
  const { orders: orderRows, attendees: members } = await ordersWithAttendees(
    db,
    own.map((row) => row.id),
  );
  const ownIds = new Set(own.map((row) => row.id));
  const registrations = new Map(own.map((row) => [row.id, row]));
  for (const member of members) registrations.set(member.registration.id, member.registration);
  // Colleagues of an order this person bought (its first attendee) may be renamed by them.
  const renamable = new Set(ownIds);
  const boughtOrders = new Set(
    members.filter((m) => m.position === 0 && ownIds.has(m.registration.id)).map((m) => m.orderId),
  );
  for (const member of members) if (boughtOrders.has(member.orderId)) renamable.add(member.registration.id);

  const bought = new Set(
    orderRows.filter(({ order }) => boughtOrders.has(order.id)).map(({ order }) => order.reference),
  );
  const failed = await ordersWithReportedFailure(
    db,
    orderRows.map(({ order }) => order.id),
  );
  // What each order holds by its lines: its first line's alone would misname an order one
  // attendee of which changed ticket (decision 031).
  const lines = await linesOfOrders(
    db,
    orderRows.map(({ order }) => order.id),
  );
  const passRows = await passesOfAttendees(db, [...registrations.keys()]);
  const passHolders = new Set(passRows.map((row) => row.registrationId));
  const attendeeIdsOf = (orderId: string) =>
    members.filter((m) => m.orderId === orderId).map((m) => m.registration.id);
  const orders: ManageOrder[] = orderRows.map(({ order }) => {
    const status = visitorStatus(order, failed.has(order.id), now);
    const attendeeIds = attendeeIdsOf(order.id);
    // Newest first: the first order holding the buyer is the one that took any older one's place.
    const newestOfBuyer = orderRows.find(({ order: other }) =>
      attendeeIdsOf(other.id).includes(attendeeIds[0] ?? ''),
    );
    return {
      reference: order.reference,
      status,
      ticketTypeId: order.ticketTypeId,
      ...ticketsOfLines(lines.get(order.id) ?? []),
      translations: ticketTextTranslations(lines.get(order.id) ?? [], 'tickets', formatTicketUnits),
      amount: order.amount,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      attendeeIds,
      canPayAgain:
        bought.has(order.reference) &&
        order.source === 'checkout' &&
        PAYABLE_AGAIN.has(status) &&
        newestOfBuyer?.order.id === order.id &&
        !attendeeIds.some((id) => passHolders.has(id)),
    };
  });
  return { event, own, ownIds, registrations, renamable, orders, bought, passRows };
}

/** Statuses an order may be paid again from (orders `payAgain` decides; this only offers it). */
const PAYABLE_AGAIN = new Set<string>(['pending', 'failed', 'expired']);

export type Scope = Awaited<ReturnType<typeof scopeOf>>;

/**
 * The order `reference` among the session's.
 * @throws ForbiddenError not an order of this session (403)
 */
export function requireOrder(scope: Scope, reference: string): ManageOrder {
  const order = scope.orders.find((row) => row.reference === reference);
  if (!order) throw new ForbiddenError(SESSION_MESSAGES.notYours);
  return order;
}
