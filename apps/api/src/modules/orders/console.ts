/**
 * Orders an organizer places in the console (issue 28): a comp (no payment, on a guest list)
 * or an order paid by a bank transfer already received. They take seats under the same locks,
 * counts and errors as checkout (checkout.ts), are priced by the same rule, and are paid in
 * the same transaction (`payOrder`: passes, their emails as jobs, the tax invoice of a paid
 * order; a comp has no consideration, so no invoice).
 */
import { CURRENCY, MAX_DATABASE_ID, type GuestList } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotFoundError, PassAlreadyIssuedError, SoldOutError, ValidationError } from '../../errors.js';
import { seatsForBuyer } from '../availability/service.js';
import type { Event } from '../current-edition/service.js';
import { roleName } from '../reference-data/service.js';
import type { TaxSettings } from '../settings/service.js';
import { orderTaxInserts, taxOfLines } from '../tax/service.js';
import { assertOnSale, lockTicketTypeForSale } from '../tickets/service.js';
import { priceLine, unitsToBuy } from './checkout.js';
import { newOrderReference } from './codes.js';
import type { OrderHooks } from './hooks.js';
import {
  expirePendingOrdersOfAttendees,
  findPassHolders,
  insertOrder,
  listOrderAttendees,
  lockRegistrations,
} from './repository.js';
import { OFFLINE_PAYMENT_PREFIX, payOrder } from './settlement.js';
import { ORDER_STATUS } from './status.js';

/** `provider` of console orders: no payment provider took part. */
export const CONSOLE_PROVIDER = 'console';

/** `providerPaymentId` prefix of a comp: nothing was paid, the reference stands in. */
export const COMP_PAYMENT_PREFIX = 'comp:';

/** What a console order is: a comp on a guest list, or a bank transfer with its UTR. */
export type ConsoleOrderKind =
  { source: 'comp'; guestList: GuestList } | { source: 'bank_transfer'; bankReference: string };

export interface ConsoleOrderContext {
  hooks: OrderHooks;
  /** The edition's settings, read before the transaction (decision 016). */
  settings: TaxSettings;
  now: Date;
}

/** A console order as placed: its reference and total in paise (0 for a comp). */
export interface PlacedConsoleOrder {
  id: string;
  reference: string;
  amount: number;
  quantity: number;
  ticketName: string;
}

/**
 * Places and pays a console order in the caller's transaction, for registrations of `event`
 * (each listed once, the first is the buyer) on ticket type `ticketTypeId`. Checkout's rules:
 * the attendees are locked, their pending orders released, none may hold a pass; the ticket
 * type is locked, sold to the first attendee's category and on sale; the units must fit in
 * the seats a buyer without a voucher may take (so a console order never passes capacity nor
 * takes seats owed to the waiting list). A comp is priced at 0; a bank transfer at the ticket's
 * price with GST, as checkout prices it. The order is marked with its source, then paid.
 * @throws ValidationError attendee listed twice, ticket not sold to the category, a stall package's passes exceeded (400)
 * @throws NotFoundError unknown attendee or ticket type (404)
 * @throws PassAlreadyIssuedError an attendee already holds a pass (409)
 * @throws NotOnSaleError / SalesEndedError / SoldOutError (409)
 */
export async function placeConsoleOrder(
  tx: Executor,
  ctx: ConsoleOrderContext,
  order: { event: Event; ticketTypeId: number; registrationIds: string[]; kind: ConsoleOrderKind },
): Promise<PlacedConsoleOrder> {
  const { event, registrationIds, kind } = order;
  const { now, settings } = ctx;
  if (new Set(registrationIds).size !== registrationIds.length) {
    const message = 'Each attendee can be listed only once';
    throw new ValidationError(message, { attendees: message });
  }
  const found = new Map((await lockRegistrations(tx, registrationIds)).map((row) => [row.id, row]));
  const attendees = registrationIds.map((id) => found.get(id));
  const first = attendees[0];
  if (!first || attendees.some((attendee) => attendee?.eventId !== event.id)) {
    throw new NotFoundError('Unknown attendee');
  }
  await expirePendingOrdersOfAttendees(tx, registrationIds, now);
  const holders = new Set(await findPassHolders(tx, registrationIds));
  if (holders.size > 0) {
    const names = registrationIds.filter((id) => holders.has(id)).map((id) => found.get(id)?.name);
    throw new PassAlreadyIssuedError(
      `${names.join(', ')} already ${holders.size === 1 ? 'has' : 'have'} a pass`,
    );
  }

  const ticketType = await lockTicketTypeForSale(tx, event.id, order.ticketTypeId);
  if (!ticketType) throw new NotFoundError('Unknown ticket. Please choose one from the list.');
  if (ticketType.participantCategoryId !== first.participantCategoryId) {
    const message = `${ticketType.name} is not sold to ${roleName(first.participantCategoryId)} attendees`;
    throw new ValidationError(message, { ticketTypeId: message });
  }
  assertOnSale(ticketType, now);
  const quantity = unitsToBuy(ticketType, registrationIds.length);
  const remaining = await seatsForBuyer(tx, ticketType, now, null);
  if (remaining < quantity) {
    throw new SoldOutError(
      remaining > 0
        ? `Only ${remaining} ${remaining === 1 ? 'seat' : 'seats'} left for ${ticketType.name}`
        : `${ticketType.name} is sold out`,
    );
  }

  const unitAmount = kind.source === 'comp' ? 0 : ticketType.amount;
  const orderTax = taxOfLines(settings, [
    { ticketType, amount: priceLine({ amount: unitAmount }, quantity) },
  ]);
  const total = orderTax.header.total;
  if (total > MAX_DATABASE_ID) {
    const message = 'This order is too large; choose fewer attendees';
    throw new ValidationError(message, { attendees: message });
  }
  const created = await insertOrder(
    tx,
    {
      reference: newOrderReference(event.referencePrefix),
      eventId: event.id,
      amount: total,
      voucherId: null,
      currency: CURRENCY,
      status: ORDER_STATUS.pending,
      provider: CONSOLE_PROVIDER,
      expiresAt: now,
      clientAddress: null,
      checkoutDigest: null,
      source: kind.source,
      guestList: kind.source === 'comp' ? kind.guestList : null,
      createdAt: now,
    },
    [{ ticketTypeId: ticketType.id, quantity, unitAmount }],
    registrationIds,
    (orderId) => orderTaxInserts(tx, orderId, orderTax, null),
  );
  const paymentId =
    kind.source === 'comp'
      ? `${COMP_PAYMENT_PREFIX}${created.reference}`
      : `${OFFLINE_PAYMENT_PREFIX}${kind.bankReference}`;
  await payOrder(
    tx,
    { hooks: ctx.hooks, settings },
    {
      ...created,
      ticketName: ticketType.name,
      eventName: event.name,
      invoicePrefix: event.invoicePrefix,
      attendees: await listOrderAttendees(tx, created.id),
    },
    paymentId,
    false,
    now,
  );
  return {
    id: created.id,
    reference: created.reference,
    amount: total,
    quantity,
    ticketName: ticketType.name,
  };
}
