/**
 * Ticket types: the passes and stall packages an edition sells.
 */
import { sql } from 'drizzle-orm';
import {
  PLACE_OF_SUPPLY_RULES,
  TICKET_SOLD_PER,
  TICKET_TYPE_VISIBILITIES,
  type TicketTypeTranslatedField,
  type PlaceOfSupplyRule,
  type TicketSoldPer,
  type TicketTypeVisibility,
} from '@festival/shared';
import { check, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { isJsonObject, oneOf, translationsColumn } from './columns.js';
import { events } from './editions.js';
import { participantCategories } from './reference-data.js';

/** A kind of pass or stall package on sale for one participant category. */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    participantCategoryId: integer('participant_category_id')
      .notNull()
      .references(() => participantCategories.id),
    name: text('name').notNull(),
    /** Price in paise. */
    amount: integer('amount').notNull(),
    /** Struck-through list price in paise, if any. */
    listPrice: integer('list_price'),
    /**
     * Why the price is below the struck list price, shown beside it: "Early bird" (the page adds
     * "until" the sales end when there is one). Null: "Offer price".
     */
    listPriceReason: text('list_price_reason'),
    remarks: text('remarks').notNull().default(''),
    /** The Gujarati and Hindi of the name and remarks; English is the columns above. */
    translations: translationsColumn<TicketTypeTranslatedField>(),
    /**
     * TICKET_SOLD_PER: 'attendee' (a pass: one unit per attendee) or 'company' (a stall
     * package: one unit per order, covering up to `passesIncluded` attendees; decision 008).
     */
    soldPer: text('sold_per').$type<TicketSoldPer>().notNull().default('attendee'),
    /** Passes one unit includes: 1 for a pass; a stall package's passes (Gold 4, Platinum 6). */
    passesIncluded: integer('passes_included').notNull().default(1),
    /** Units on sale (passes, or stalls when sold per company); paid orders and unexpired reservations count against it. */
    capacity: integer('capacity').notNull(),
    /**
     * Units of paid orders, kept by the database (triggers on `orders`, migration 0021) in
     * the transaction that pays, refunds or removes an order, so checkout reads it from the
     * row it locks instead of summing every paid order. Never written by the app.
     */
    soldSeats: integer('sold_seats').notNull().default(0),
    /** When sales open; none means on sale from the start. */
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }),
    salesEndAt: timestamp('sales_end_at', { withTimezone: true }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** TICKET_TYPE_VISIBILITIES; hidden types are neither listed nor sold. */
    visibility: text('visibility').$type<TicketTypeVisibility>().notNull().default('visible'),
    /** Set instead of deleting a ticket type that has orders; archived types are neither listed nor sold. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Services Accounting Code printed on invoices; 998596 is event admission. */
    sacCode: text('sac_code').notNull().default('998596'),
    /** GST rate in basis points (1800 = 18 %); 0 for an exempt supply. */
    gstRateBp: integer('gst_rate_bp').notNull().default(1800),
    /** PLACE_OF_SUPPLY_RULES: 'event' (IGST Act s.12(6)) or 'recipient' (s.12(7), stall packages). */
    placeOfSupply: text('place_of_supply').$type<PlaceOfSupplyRule>().notNull().default('event'),
  },
  (t) => [
    check('ticket_types_place_of_supply_ck', oneOf(t.placeOfSupply, PLACE_OF_SUPPLY_RULES)),
    check('ticket_types_gst_rate_ck', sql`${t.gstRateBp} >= 0 and ${t.gstRateBp} <= 2800`),
    uniqueIndex('ticket_types_event_category_name_uq').on(t.eventId, t.participantCategoryId, t.name),
    // The key that rows naming a ticket type together with their edition refer to, so the
    // database refuses a voucher or check-in list of one edition naming another's ticket type.
    unique('ticket_types_id_event_uq').on(t.id, t.eventId),
    check('ticket_types_visibility_ck', oneOf(t.visibility, TICKET_TYPE_VISIBILITIES)),
    check('ticket_types_capacity_ck', sql`${t.capacity} >= 0`),
    check('ticket_types_sold_per_ck', oneOf(t.soldPer, TICKET_SOLD_PER)),
    check(
      'ticket_types_passes_included_ck',
      sql`${t.passesIncluded} >= 1 and (${t.soldPer} = 'company' or ${t.passesIncluded} = 1)`,
    ),
    check('ticket_types_amount_ck', sql`${t.amount} >= 0`),
    check('ticket_types_translations_ck', isJsonObject(t.translations)),
  ],
);
