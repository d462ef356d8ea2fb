/** The log of payment notifications (`payment_events`) and the refunds (`refunds`). */
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/search.js';
import { orderAttendees, orders, paymentEvents, refunds } from '../../db/schema.js';
import { REFUND_REASON, REFUND_STATUS } from './refund-status.js';

export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

/**
 * Where a notification came from: Checkout's success callback, a webhook, a bank transfer an
 * organizer recorded, or a failure result Checkout posted (unsigned: recorded, never acted on).
 */
export const PAYMENT_EVENT_SOURCE = {
  callback: 'callback',
  webhook: 'webhook',
  offline: 'offline',
  failure: 'failure',
} as const;

/**
 * Records a notification. False when the provider's event id was recorded before (a
 * replayed webhook): the unique (provider, provider_event_id) index decides, also between
 * concurrent deliveries. Events without an id are always recorded.
 */
export async function insertPaymentEvent(db: Executor, event: NewPaymentEvent): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

/**
 * Writes a refund unless this payment already has one (the unique payment index decides,
 * also between racing deliveries). Returns the new row, or undefined when one existed.
 */
export async function insertRefund(db: Executor, refund: NewRefund): Promise<RefundRow | undefined> {
  const [row] = await db
    .insert(refunds)
    .values(refund)
    .onConflictDoNothing({
      target: [refunds.provider, refunds.providerPaymentId],
      where: sql`${refunds.reason} <> ${REFUND_REASON.organizer}`,
    })
    .returning();
  return row;
}

/** Writes an organizer's refund (a payment may be refunded in several parts). */
export async function insertOrganizerRefund(db: Executor, refund: NewRefund): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(refund).returning();
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

/** Paise of an order's refunds that have not failed: what is already on its way back. */
export async function sumRefundsOfOrder(db: Executor, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, REFUND_STATUS.failed)));
  return Number(row?.total ?? 0);
}

/** Whether an order still has refunds the provider has not settled. */
export async function hasOpenRefunds(db: Executor, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        inArray(refunds.status, [REFUND_STATUS.requested, REFUND_STATUS.pending]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Reads a refund and locks it until the transaction ends (the job and the webhooks decide one at a time). */
export async function lockRefund(tx: Executor, key: { id: string } | { providerRefundId: string }) {
  const [row] = await tx
    .select()
    .from(refunds)
    .where('id' in key ? eq(refunds.id, key.id) : eq(refunds.providerRefundId, key.providerRefundId))
    .for('update');
  return row;
}

export async function updateRefund(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      RefundRow,
      'status' | 'providerRefundId' | 'failureReason' | 'sentAt' | 'processedAt' | 'buyerNotifiedAt'
    >
  >,
) {
  await db.update(refunds).set(values).where(eq(refunds.id, id));
}

export async function findRefund(db: Executor, id: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** The verified notifications recorded for an order, oldest first. */
export async function listPaymentEventsOfOrder(db: Executor, orderId: string) {
  return db
    .select({
      source: paymentEvents.source,
      receivedAt: paymentEvents.receivedAt,
      payload: paymentEvents.payload,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
}

/** An order's refunds, oldest first. */
export async function listRefundsOfOrder(db: Executor, orderId: string) {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
}

/**
 * Paise of an event's refunds: `processed` (returned by the provider), `inFlight` (requested,
 * or accepted and not yet processed) and `duplicatePayments` (second payments of a settled
 * order, whatever their refund's state: each was captured once).
 */
export async function sumRefunds(db: Executor, eventId: number) {
  const paise = (condition: SQL) =>
    sql<string>`coalesce(sum(${refunds.amount}) filter (where ${condition}), 0)::bigint`;
  const [row] = await db
    .select({
      processed: paise(eq(refunds.status, REFUND_STATUS.processed)),
      inFlight: paise(inArray(refunds.status, [REFUND_STATUS.requested, REFUND_STATUS.pending])),
      duplicatePayments: paise(eq(refunds.reason, REFUND_REASON.duplicatePayment)),
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(orders.eventId, eventId));
  return {
    processed: Number(row?.processed ?? 0),
    inFlight: Number(row?.inFlight ?? 0),
    duplicatePayments: Number(row?.duplicatePayments ?? 0),
  };
}

/**
 * Notifications not yet redacted that concern a person: those of the orders `registrationIds`
 * are attendees of, and any whose payload mentions `email` (case-blind; a webhook for an order
 * not found is stored without one). Locked for the erasure that rewrites them.
 */
export async function lockPaymentEventsOfPerson(tx: Executor, registrationIds: string[], email: string) {
  const mentioning = sql`strpos(lower(${paymentEvents.payload}::text), ${email.toLowerCase()}) > 0`;
  const ofTheirOrders =
    registrationIds.length > 0
      ? inArray(
          paymentEvents.orderId,
          tx
            .select({ orderId: orderAttendees.orderId })
            .from(orderAttendees)
            .where(inArray(orderAttendees.registrationId, registrationIds)),
        )
      : undefined;
  return tx
    .select({ id: paymentEvents.id, payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(and(sql`${paymentEvents.payload}->>'redactedAt' is null`, or(ofTheirOrders, mentioning)))
    .for('update');
}

export async function updatePaymentEventPayload(tx: Executor, id: number, payload: unknown) {
  await tx.update(paymentEvents).set({ payload }).where(eq(paymentEvents.id, id));
}

export interface RefundsRecord {
  day: string;
  status: string;
  refunds: number;
  amount: string;
}

/**
 * Edition `eventId`'s refunds by the day they were asked for (in `timeZone`) and their status
 * now: how many and their paise (bigint as a string).
 */
export async function refundsByDay(db: Executor, eventId: number, timeZone: string) {
  const result = await db.execute(sql`
    select to_char((r.created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, r.status,
           count(*)::int as refunds, sum(r.amount)::bigint as amount
      from refunds r
      join orders o on o.id = r.order_id
     where o.event_id = ${eventId}
     group by 1, r.status
     order by 1, r.status`);
  return rowsOf<RefundsRecord>(result);
}
