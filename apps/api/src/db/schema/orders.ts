/**
 * Orders for passes and what hangs from them: attendees, payment notifications, passes,
 * refunds and the tax checkout computed, for the order and for each of its lines.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { GUEST_LISTS, LOCALES, ORDER_SOURCES, OrderStatusSchema } from '@festival/shared';
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REFUND_REASON, REFUND_STATUS } from '../../modules/payments/refund-status.js';
import { createdAt, oneOf } from './columns.js';
import { events } from './editions.js';
import { registrations } from './registrations.js';
import { ticketTypes } from './tickets.js';
import { vouchers } from './vouchers.js';

/**
 * An order for passes. What it buys are its lines (`order_lines`); `amount` is the order's
 * total with tax, in paise (decision 024).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public reference shown on the payment pages and in emails. */
    reference: text('reference').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** The total the buyer pays, tax included, in paise: `order_taxes.total`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** OrderStatusSchema: pending | paid | failed | expired | cancelled | refund_due | refunded */
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').unique(),
    providerPaymentId: text('provider_payment_id'),
    /** When an unpaid order's reservation lapses and its seats return to sale. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the buyer asked for more time; a reservation is extended at most once. */
    extendedAt: timestamp('extended_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the pass email job handed the passes to the mail server. */
    passEmailSentAt: timestamp('pass_email_sent_at', { withTimezone: true }),
    /** The voucher that priced this order, if any. */
    voucherId: integer('voucher_id').references(() => vouchers.id),
    /**
     * The buyer's client address (`request.ip`) at checkout: the seats pending orders hold
     * are limited per address. Null for orders from before the limit.
     */
    clientAddress: text('client_address'),
    /**
     * SHA-256 of the checkout request that made the order (attendees in order, ticket,
     * voucher code, GST invoice details): the same request again, while the order holds its
     * seats, answers this order instead of holding seats twice.
     */
    checkoutDigest: text('checkout_digest'),
    /**
     * OrderSourceSchema: the public checkout, or an organizer's console order (a comp, or a bank
     * transfer entered by finance). Comps are never revenue.
     */
    source: text('source').notNull().default('checkout'),
    /** A comp's guest list (GuestListSchema); null for other orders. */
    guestList: text('guest_list'),
    /** LOCALES: the language of the buyer's checkout page; the buyer's order emails use it. */
    locale: text('locale').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_voucher_idx').on(t.voucherId),
    check('orders_source_ck', oneOf(t.source, ORDER_SOURCES)),
    check('orders_guest_list_ck', sql`${t.guestList} is null or ${oneOf(t.guestList, GUEST_LISTS)}`),
    // Pending orders, to count a buyer's unpaid seats and to find lapsed reservations.
    index('orders_pending_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('orders_status_ck', oneOf(t.status, OrderStatusSchema.options)),
    check('orders_locale_ck', oneOf(t.locale, LOCALES)),
  ],
);

/**
 * What an order buys: `quantity` units of one ticket type at `unit_amount` paise each (after
 * any voucher, before tax), `amount` = quantity × unit amount. The lines are the only record of
 * an order's ticket types and units (decision 024); an order has at least one, numbered from 0
 * by `position`. Seats, vouchers' uses and the paid-seat counter (`ticket_types.sold_seats`,
 * kept by triggers in migration 0027) count lines.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    amount: integer('amount').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_uq').on(t.orderId, t.position),
    index('order_lines_ticket_type_idx').on(t.ticketTypeId),
    // 0 once every attendee of the line was cancelled or moved to another ticket (decision
    // 031): the line stays, its tax keeping their shares and their passes naming it.
    check('order_lines_quantity_ck', sql`${t.quantity} >= 0`),
    check(
      'order_lines_amounts_ck',
      sql`${t.unitAmount} >= 0 and ${t.amount} = ${t.quantity} * ${t.unitAmount}`,
    ),
  ],
);

/**
 * The join condition from a column holding an order's id (`orders.id`, `passes.order_id`) to
 * the order's first line: the line of its ticket type while checkout sells one ticket type per
 * order (decision 024), for what is said of the order as a whole. Seat counts sum every line
 * instead, and a pass's ticket is its own line's (`lineOfPass`).
 */
export function firstLineOf(orderId: AnyPgColumn): SQL {
  return and(eq(orderLines.orderId, orderId), eq(orderLines.position, 0)) as SQL;
}

/**
 * The join condition from `passes` to the order line whose ticket the pass admits on (its
 * `line_position`): a pass's ticket type is its line's, which may not be its order's first once
 * one attendee of a line of several passes changed ticket (decision 031).
 */
export function lineOfPass(): SQL {
  return and(eq(orderLines.orderId, passes.orderId), eq(orderLines.position, passes.linePosition)) as SQL;
}

export const orderAttendees = pgTable(
  'order_attendees',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id),
    position: integer('position').notNull(),
    /**
     * When an organizer cancelled this attendee of a paid order (modules/order-changes): their
     * pass was revoked and their unit taken off the order's line, so their seat went back.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When this attendee's pass was transferred to another person, who joined the order after them. */
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.registrationId] }),
    // An attendee's orders: checkout releases an attendee's earlier reservation through it.
    index('order_attendees_registration_idx').on(t.registrationId),
  ],
);

/**
 * Where a payment notification came from: Checkout's success callback, a webhook, or a bank
 * transfer an organizer recorded (PAYMENT_EVENT_SOURCE in modules/payments/repository.ts, which
 * imports this file, so the set is written out here). `failure` is an unsigned failure result:
 * recorded so the buyer's pages can say the payment failed, never acted on (since e146b29).
 */
const PAYMENT_EVENT_SOURCES = ['callback', 'webhook', 'offline', 'failure'] as const;

/**
 * Every payment notification received (callback, webhook, failure). A webhook's event id
 * is unique, so a replayed delivery is recognised and ignored.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    /** PAYMENT_EVENT_SOURCES */
    source: text('source').notNull(),
    providerEventId: text('provider_event_id'),
    orderId: uuid('order_id').references(() => orders.id),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.providerEventId),
    check('payment_events_source_ck', oneOf(t.source, PAYMENT_EVENT_SOURCES)),
  ],
);

/**
 * One event pass per attendee of a paid order. The unique (event, attendee) index makes "one
 * pass per attendee per event" a database fact, whichever of several racing payments wins.
 */
export const passes = pgTable(
  'passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id),
    /** Unique, unguessable code printed on the pass and encoded in its QR code. */
    code: text('code').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** Set when the pass stops being valid (its order was refunded in full). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The order's line whose ticket this pass admits on (`order_lines.position`; `lineOfPass`):
     * 0, the one line checkout writes, until an organizer changes the ticket of one attendee of
     * a line of several passes, which moves their pass to a line of its own (decision 031).
     */
    linePosition: integer('line_position').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'passes_line_fk',
      columns: [t.orderId, t.linePosition],
      foreignColumns: [orderLines.orderId, orderLines.position],
    }),
    uniqueIndex('passes_order_registration_uq').on(t.orderId, t.registrationId),
    uniqueIndex('passes_event_registration_uq').on(t.eventId, t.registrationId),
    // Whether attendees hold a pass (of any event), asked by every checkout and payment.
    index('passes_registration_idx').on(t.registrationId),
  ],
);

/**
 * Money returned to a buyer through the payment provider. Written with its job in the
 * transaction that decides it; the job sends it with the refund's id as the provider's
 * idempotency key (Razorpay `X-Refund-Idempotency`), so a retried job never refunds twice.
 * One automatic refund per captured payment: the unique payment index over automatic reasons
 * holds that; organizers may refund a payment in several parts.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** Paise. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** REFUND_REASON in modules/payments/refund-status.ts. */
    reason: text('reason').notNull(),
    /** An organizer's refund: who asked for it and why, in their words. */
    requestedBy: text('requested_by'),
    comment: text('comment'),
    /** REFUND_STATUS: requested → pending (provider accepted) → processed | failed. */
    status: text('status').notNull().default('requested'),
    providerRefundId: text('provider_refund_id').unique(),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** When the buyer's refund email was handed to the mail server. */
    buyerNotifiedAt: timestamp('buyer_notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_provider_payment_uq')
      .on(t.provider, t.providerPaymentId)
      .where(sql`${t.reason} <> 'organizer'`),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_status_ck', oneOf(t.status, Object.values(REFUND_STATUS))),
    check('refunds_reason_ck', oneOf(t.reason, Object.values(REFUND_REASON))),
  ],
);

/**
 * The tax of an order as checkout computed it: the header of its lines' tax
 * (`order_line_taxes`), and the buyer's GST details when they asked for a tax invoice. Kept
 * beside `orders` (one row per order) so pricing and tax stay separate steps. What is one for
 * the whole order lives here: prices with or without GST, the supplier's state, the place of
 * supply and so the kind of supply (CGST + SGST, or IGST). The amounts (paise) are the sums of
 * the order's lines (decision 029); `total` equals the order's amount.
 */
export const orderTaxes = pgTable(
  'order_taxes',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    pricesIncludeGst: boolean('prices_include_gst').notNull(),
    supplierStateCode: text('supplier_state_code').notNull(),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    interState: boolean('inter_state').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    total: integer('total').notNull(),
    buyerCompanyName: text('buyer_company_name'),
    buyerGstin: text('buyer_gstin'),
    buyerAddress: text('buyer_address'),
    buyerStateCode: text('buyer_state_code'),
  },
  (t) => [
    ...taxAmountChecks('order_taxes', t),
    // Within the supplier's state CGST + SGST, across states IGST (IGST Act s.7–8).
    check(
      'order_taxes_supply_ck',
      sql`case when ${t.interState} then ${t.cgst} = 0 and ${t.sgst} = 0 else ${t.igst} = 0 end`,
    ),
  ],
);

/**
 * The tax of each line of an order (decision 029), by modules/tax/compute.ts: the ticket type's
 * rate and SAC on the line's amount, rounded on the line (CGST Rules 2017 rule 46: tax per
 * item). Keyed by the line's order and position, which checkout knows before the line's id
 * exists: the lines and their tax are written in one statement. The place of supply and kind of
 * supply are the order's (`order_taxes`, which the lines' amounts sum to).
 */
export const orderLineTaxes = pgTable(
  'order_line_taxes',
  {
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    /** Basis points: 1800 = 18 %. */
    rateBp: integer('rate_bp').notNull(),
    sacCode: text('sac_code').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_line_taxes_pk', columns: [t.orderId, t.position] }),
    foreignKey({
      name: 'order_line_taxes_line_fk',
      columns: [t.orderId, t.position],
      foreignColumns: [orderLines.orderId, orderLines.position],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_line_taxes_order_tax_fk',
      columns: [t.orderId],
      foreignColumns: [orderTaxes.orderId],
    }).onDelete('cascade'),
    check('order_line_taxes_rate_ck', sql`${t.rateBp} >= 0`),
    ...taxAmountChecks('order_line_taxes', t),
  ],
);

/**
 * What holds for every tax computed by modules/tax/compute.ts: taxable value plus the taxes is
 * the total, no amount is negative, CGST and SGST are the same half of the rate, and a supply
 * bears either those two or IGST.
 */
function taxAmountChecks(
  table: string,
  t: Record<'taxable' | 'cgst' | 'sgst' | 'igst' | 'total', AnyPgColumn>,
) {
  return [
    check(`${table}_sum_ck`, sql`${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst} = ${t.total}`),
    check(
      `${table}_non_negative_ck`,
      sql`${t.taxable} >= 0 and ${t.cgst} >= 0 and ${t.sgst} >= 0 and ${t.igst} >= 0`,
    ),
    check(`${table}_split_ck`, sql`${t.cgst} = ${t.sgst} and (${t.igst} = 0 or ${t.cgst} = 0)`),
  ];
}
