/** The log of payment notifications (`payment_events`) and the refunds (`refunds`). */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { paymentEvents, refunds } from '../../db/schema.js';

export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

/** Where a notification came from: Checkout's success callback or a webhook. */
export const PAYMENT_EVENT_SOURCE = { callback: 'callback', webhook: 'webhook' } as const;

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
    .onConflictDoNothing({ target: [refunds.provider, refunds.providerPaymentId] })
    .returning();
  return row;
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
