/**
 * What follows an order's changes, subscribed to rather than called (pretix's signals,
 * `order_paid` in `pretix/base/signals.py`, are the model). The orders module decides that an
 * order is paid or goes back in full; the modules that build on orders (passes, the
 * confirmation email, the tax invoice) subscribe where the app is wired (app.ts), so orders
 * imports none of them and a new effect is a subscription, not another call in settlement.
 *
 * Each app has its own registry (`app.orderHooks`): tests build several apps in one process.
 * Handlers run one after another, in the order they subscribed, inside the transaction that
 * made the change and with its handle: what they write commits or rolls back with it, and a
 * handler that throws rolls it back. So they only write rows and queue jobs; anything that
 * leaves the process (an email, a provider's API) is a job that runs after commit.
 */
import type { Executor } from '../../db/client.js';
import type { TaxSettings } from '../settings/service.js';

/** An order's attendee as what follows its payment needs them: who gets a pass and the confirmation. */
export interface OrderAttendee {
  registrationId: string;
  participantCategoryId: number;
  name: string;
  email: string;
}

/** The order a payment settled, as settlement locked and read it. */
export interface PaidOrder {
  id: string;
  reference: string;
  eventId: number;
  quantity: number;
  /** The total paid, in paise (0 for a free order). */
  amount: number;
  ticketName: string;
  /** Its edition's name and invoice prefix: what its invoice names and the series it is numbered in. */
  eventName: string;
  invoicePrefix: string;
  /** In checkout order; the first is the buyer. */
  attendees: OrderAttendee[];
}

/** An order was paid: by the provider, by a bank transfer an organizer recorded, or free at checkout. */
export interface OrderPaidEvent {
  order: PaidOrder;
  /** The settings read before the transaction (decision 016): what its invoice is issued under. */
  settings: TaxSettings;
  now: Date;
}

/** An order's money goes back in full (an organizer's refund of what was left): its passes stop being valid. */
export interface OrderRefundedInFullEvent {
  orderId: string;
  now: Date;
}

/** A subscriber: runs in the transaction `tx` that made the change. */
export type OrderHandler<Event> = (tx: Executor, event: Event) => Promise<void>;

export interface OrderHooks {
  /**
   * Subscribes to paid orders. Handlers run after the order is marked paid, which locks its
   * ticket type's row until commit (its `sold_seats`, decision 016): every checkout of the type
   * waits meanwhile, so a handler that takes a lock others wait for (the invoice number's row)
   * subscribes last.
   */
  onOrderPaid(handler: OrderHandler<OrderPaidEvent>): void;
  /** Subscribes to orders whose money goes back in full, after the order is marked refund due. */
  onOrderRefundedInFull(handler: OrderHandler<OrderRefundedInFullEvent>): void;
  /** Runs the paid-order handlers in `tx` (settlement). */
  orderPaid(tx: Executor, event: OrderPaidEvent): Promise<void>;
  /** Runs the full-refund handlers in `tx`. */
  orderRefundedInFull(tx: Executor, event: OrderRefundedInFullEvent): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What follows an order's changes (orders/hooks.ts), subscribed in app.ts. */
    orderHooks: OrderHooks;
  }
}

async function runAll<Event>(handlers: OrderHandler<Event>[], tx: Executor, event: Event): Promise<void> {
  for (const handler of handlers) await handler(tx, event);
}

/** A registry with no subscriber yet. */
export function createOrderHooks(): OrderHooks {
  const paid: OrderHandler<OrderPaidEvent>[] = [];
  const refundedInFull: OrderHandler<OrderRefundedInFullEvent>[] = [];
  return {
    onOrderPaid: (handler) => void paid.push(handler),
    onOrderRefundedInFull: (handler) => void refundedInFull.push(handler),
    orderPaid: (tx, event) => runAll(paid, tx, event),
    orderRefundedInFull: (tx, event) => runAll(refundedInFull, tx, event),
  };
}
