/**
 * Check-in: pass-signing keys, check-in lists, scans and the scanners' change feed.
 */
import { sql } from 'drizzle-orm';
import { CHECKIN_DIRECTIONS, RedeemStatusSchema } from '@festival/shared';
import {
  bigint,
  bigserial,
  boolean,
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
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.js';
import { events } from './editions.js';
import { passes } from './orders.js';
import { organizers } from './organizers.js';
import { ticketTypes } from './tickets.js';

/**
 * Ed25519 keys that sign pass tokens. The newest key not retired signs; every
 * key stays published (GET /api/checkin/keys) so passes signed before a rotation still verify.
 * Generated at first use unless CHECKIN_SIGNING_KEY gives one; the partial unique index lets
 * only one key be active, so two processes starting together agree on it.
 */
export const checkinSigningKeys = pgTable(
  'checkin_signing_keys',
  {
    /** 8 hex digits: the first 4 bytes of SHA-256 of the raw public key. */
    id: text('id').primaryKey(),
    /** Raw 32-byte public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** PKCS #8 DER, base64; null for a key given in configuration (kept only there). */
    privateKey: text('private_key'),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkin_signing_keys_active_uq')
      .on(sql`(true)`)
      .where(sql`${t.retiredAt} is null`),
  ],
);

/** A check-in list: which ticket types (checkin_list_ticket_types) and days an entrance admits. */
export const checkinLists = pgTable(
  'checkin_lists',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    /** Days of the edition, 1-based (1 = the edition's first day in Asia/Kolkata). */
    days: integer('days').array().notNull(),
    allowExit: boolean('allow_exit').notNull().default(false),
    allowReentry: boolean('allow_reentry').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique('checkin_lists_id_event_uq').on(t.id, t.eventId)],
);

/**
 * The ticket types a check-in list admits. `event_id` is the list's edition, held by two foreign
 * keys, so a list can only name ticket types of its own edition (as voucher_ticket_types).
 * Deleting a list deletes its rows; a ticket type a list names cannot be deleted.
 */
export const checkinListTicketTypes = pgTable(
  'checkin_list_ticket_types',
  {
    checkinListId: integer('checkin_list_id').notNull(),
    ticketTypeId: integer('ticket_type_id').notNull(),
    eventId: integer('event_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'checkin_list_ticket_types_pk', columns: [t.checkinListId, t.ticketTypeId] }),
    foreignKey({
      name: 'checkin_list_ticket_types_list_fk',
      columns: [t.checkinListId, t.eventId],
      foreignColumns: [checkinLists.id, checkinLists.eventId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'checkin_list_ticket_types_same_edition_fk',
      columns: [t.ticketTypeId, t.eventId],
      foreignColumns: [ticketTypes.id, ticketTypes.eventId],
    }).onDelete('restrict'),
    // Finds the rows of a ticket type: seat counts, and the foreign key's check on its deletion.
    index('checkin_list_ticket_types_ticket_type_idx').on(t.ticketTypeId),
  ],
);

/**
 * Every scan a gate sent, admitted or not, so a retried request (same nonce) gets the same
 * answer. `result` is `ok` or a RedeemReason. An offline scan of a pass already in is stored
 * as admitted with `conflict` set: the gate let the person in without knowing.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: integer('list_id')
      .notNull()
      .references(() => checkinLists.id),
    passId: uuid('pass_id').references(() => passes.id),
    nonce: text('nonce').notNull(),
    /** entry | exit */
    direction: text('direction').notNull(),
    result: text('result').notNull(),
    gate: text('gate').notNull().default(''),
    organizerId: text('organizer_id').references(() => organizers.id),
    /** The gate's clock at the scan. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    offline: boolean('offline').notNull().default(false),
    conflict: boolean('conflict').notNull().default(false),
  },
  (t) => [
    uniqueIndex('checkins_nonce_uq').on(t.nonce),
    index('checkins_list_pass_idx').on(t.listId, t.passId, t.scannedAt),
    check('checkins_direction_ck', oneOf(t.direction, CHECKIN_DIRECTIONS)),
    check('checkins_result_ck', oneOf(t.result, RedeemStatusSchema.options)),
  ],
);

/**
 * What changed for the gate scanners (their incremental sync): one row per change to a
 * pass's state as a scanner sees it — issued, revoked, its order leaving or reaching `paid`,
 * its holder's name or email, its ticket type's name, an admitted scan. Written by database
 * triggers (migration 0019), so no writer in any module can forget it. `xid` is the writing
 * transaction's id (`pg_current_xact_id()`): a sync answer's cursor is the snapshot it was read
 * in, and the next sync reads the rows whose transaction that snapshot did not see, so a change
 * committed after the read by a transaction begun before it is not skipped (a serial id or a
 * timestamp is taken before commit and would be).
 */
export const checkinChanges = pgTable(
  'checkin_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    xid: bigint('xid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    eventId: integer('event_id').notNull(),
    passId: uuid('pass_id').notNull(),
  },
  (t) => [index('checkin_changes_event_xid_idx').on(t.eventId, t.xid)],
);
