/**
 * Waiting lists for sold-out ticket types.
 */
import { sql } from 'drizzle-orm';
import { LOCALES, WAITING_LIST_STATUSES, type WaitingListStatus } from '@festival/shared';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.js';
import { events } from './editions.js';
import { ticketTypes } from './tickets.js';
import { vouchers } from './vouchers.js';

/**
 * A person waiting for seats of a sold-out ticket type, in line by `id`.
 * `status` is a WaitingListStatus; an offer is a voucher (`voucher_id`) that holds
 * `quantity` seats until `offered_until`. One open entry (waiting or offered) per address
 * and ticket type; someone whose offer lapsed may join again at the end of the line.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    // A ticket type can be deleted only before it sells; its waiting list goes with it.
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    quantity: integer('quantity').notNull(),
    /** LOCALES: the language of the page the person joined from; their emails use it. */
    locale: text('locale').notNull().default('en'),
    status: text('status').$type<WaitingListStatus>().notNull().default('waiting'),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offeredUntil: timestamp('offered_until', { withTimezone: true }),
    /** When the offer email went out (the job's record, so a retry does not send it twice). */
    offerEmailSentAt: timestamp('offer_email_sent_at', { withTimezone: true }),
    /** When it became redeemed, lapsed or removed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waiting_list_entries_open_email_uq')
      .on(t.ticketTypeId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waiting_list_entries_type_status_idx').on(t.ticketTypeId, t.status, t.id),
    check('waiting_list_entries_status_ck', oneOf(t.status, WAITING_LIST_STATUSES)),
    check('waiting_list_entries_locale_ck', oneOf(t.locale, LOCALES)),
  ],
);

/** The hold time an organizer set for a ticket type's waiting-list offers (absent: the default). */
export const waitingListHolds = pgTable('waiting_list_holds', {
  ticketTypeId: integer('ticket_type_id')
    .primaryKey()
    .references(() => ticketTypes.id, { onDelete: 'cascade' }),
  holdHours: integer('hold_hours').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
