/**
 * The organizer's settings.
 */
import { DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS, DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL } from '@festival/shared';
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './editions.js';

/**
 * The organizer's settings, one row per edition (decision 025): supplier details printed on
 * tax invoices, whether prices include GST, the state where the festival is held, the public
 * contact details, and the most seats unpaid orders may hold per buyer email and per client
 * address. An edition without a row reads the row of the latest edition that starts before it
 * (modules/settings); none exists until an organizer first saves them. The invoice series is
 * the edition's (`events.invoicePrefix`).
 */
export const organizerSettings = pgTable('organizer_settings', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id),
  legalName: text('legal_name').notNull(),
  address: text('address').notNull(),
  /** GST state code ('24' Gujarat). */
  stateCode: text('state_code').notNull(),
  gstin: text('gstin'),
  pricesIncludeGst: boolean('prices_include_gst').notNull(),
  eventStateCode: text('event_state_code').notNull(),
  publicEmail: text('public_email'),
  publicPhone: text('public_phone'),
  maxUnpaidSeatsPerEmail: integer('max_unpaid_seats_per_email')
    .notNull()
    .default(DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL),
  maxUnpaidSeatsPerAddress: integer('max_unpaid_seats_per_address')
    .notNull()
    .default(DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
