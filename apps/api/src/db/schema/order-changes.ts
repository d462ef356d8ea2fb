/**
 * What each edition allows of changes to paid orders (modules/order-changes).
 */
import { boolean, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { events } from './editions.js';

/**
 * Per edition: whether attendees may transfer their own pass to another person from the manage
 * page. No row means they may not; organizers may transfer any pass whatever this says. A table
 * of its own rather than a column of `events`, which the migration tests write as it stood.
 */
export const passTransferSettings = pgTable('pass_transfer_settings', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id),
  attendeesMayTransfer: boolean('attendees_may_transfer').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
