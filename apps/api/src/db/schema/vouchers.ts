/**
 * Voucher codes.
 */
import { VOUCHER_PRICE_MODES, type VoucherPriceMode } from '@festival/shared';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.js';
import { events } from './editions.js';

/**
 * A voucher code of an edition. Its uses are the seats of paid and unexpired
 * pending orders that name it, counted under a lock on this row at checkout.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** Upper case, unique within the edition. */
    code: text('code').notNull(),
    /** Ticket types (of the same edition) the voucher prices. */
    ticketTypeIds: integer('ticket_type_ids').array().notNull(),
    /** VOUCHER_PRICE_MODES */
    priceMode: text('price_mode').$type<VoucherPriceMode>().notNull(),
    /** Paise for set_price and subtract, percent for percent, 0 for comp. */
    value: integer('value').notNull(),
    maxUses: integer('max_uses').notNull(),
    /** Seats of its (single) ticket type held for its buyers while it is usable. */
    reservedSeats: integer('reserved_seats').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_event_code_idx').on(t.eventId, t.code),
    check('vouchers_price_mode_ck', oneOf(t.priceMode, VOUCHER_PRICE_MODES)),
  ],
);
