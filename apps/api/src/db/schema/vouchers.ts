/**
 * Voucher codes.
 */
import { VOUCHER_PRICE_MODES, type VoucherPriceMode } from '@festival/shared';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.js';
import { events } from './editions.js';
import { ticketTypes } from './tickets.js';

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
    unique('vouchers_id_event_uq').on(t.id, t.eventId),
    check('vouchers_price_mode_ck', oneOf(t.priceMode, VOUCHER_PRICE_MODES)),
  ],
);

/**
 * The ticket types a voucher prices. `event_id` is the voucher's edition, held by two foreign
 * keys: (voucher, edition) against the voucher and (ticket type, edition) against the ticket
 * type, so a voucher can only name ticket types of its own edition. Deleting a voucher deletes
 * its rows; a ticket type a voucher names cannot be deleted (the console archives it instead).
 */
export const voucherTicketTypes = pgTable(
  'voucher_ticket_types',
  {
    voucherId: integer('voucher_id').notNull(),
    ticketTypeId: integer('ticket_type_id').notNull(),
    eventId: integer('event_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'voucher_ticket_types_pk', columns: [t.voucherId, t.ticketTypeId] }),
    foreignKey({
      name: 'voucher_ticket_types_voucher_fk',
      columns: [t.voucherId, t.eventId],
      foreignColumns: [vouchers.id, vouchers.eventId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'voucher_ticket_types_same_edition_fk',
      columns: [t.ticketTypeId, t.eventId],
      foreignColumns: [ticketTypes.id, ticketTypes.eventId],
    }).onDelete('restrict'),
    // Finds the rows of a ticket type: seat counts, and the foreign key's check on its deletion.
    index('voucher_ticket_types_ticket_type_idx').on(t.ticketTypeId),
  ],
);
