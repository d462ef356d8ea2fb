/** The log of payment notifications (`payment_events`). */
import type { Executor } from '../../db/client.js';
import { paymentEvents } from '../../db/schema.js';

export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

/** Where a notification came from: Checkout's success callback, a webhook, or a failure result. */
export const PAYMENT_EVENT_SOURCE = { callback: 'callback', webhook: 'webhook', failure: 'failure' } as const;

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
