/**
 * The organizer's settings.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS, DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL } from '@festival/shared';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The organizer's settings, one row (id 1): supplier details printed on tax
 * invoices, whether prices include GST, the state where the festival is held, the public
 * contact details, and the most seats unpaid orders may hold per buyer email and per client
 * address. Absent until an organizer first saves them. The invoice series is the edition's
 * (`events.invoicePrefix`).
 */
export const organizerSettings = pgTable(
  'organizer_settings',
  {
    id: integer('id').primaryKey().default(1),
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
  },
  (t) => [check('organizer_settings_single_row_ck', sql`${t.id} = 1`)],
);
