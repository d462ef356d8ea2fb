/**
 * Messages to attendees: the organizers' emails to a filtered set of people, each recipient's
 * delivery, the addresses that unsubscribed, the per-edition settings (daily cap, automatic
 * reminders) and the record of the reminders sent.
 */
import { sql } from 'drizzle-orm';
import {
  AUTOMATIC_REMINDER_KINDS,
  DEFAULT_MESSAGE_DAILY_CAP,
  type AutomaticReminderKind,
  MESSAGE_RECIPIENT_STATUSES,
  type MessageFilter,
  type MessageRecipientStatus,
} from '@festival/shared';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.js';
import { events } from './editions.js';
import { registrations } from './registrations.js';

/**
 * One email an organizer sent to the people a filter matched (modules/messages). The filter is
 * kept as sent (MessageFilterSchema); the recipients it resolved to are `message_recipients`.
 * `client_key` is the compose form's key: the same form posted twice makes one message.
 */
export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id),
  subject: text('subject').notNull(),
  /** Plain text with merge fields (`{{name}}`, `{{reference}}`, `{{manage_link}}`). */
  body: text('body').notNull(),
  filter: jsonb('filter').$type<MessageFilter>().notNull(),
  /** A service notice: sent to unsubscribed addresses too, without an unsubscribe link. */
  transactional: boolean('transactional').notNull().default(false),
  clientKey: uuid('client_key').notNull().unique(),
  authorId: text('author_id').notNull(),
  authorEmail: text('author_email').notNull(),
  createdAt: createdAt(),
});

/**
 * One address a message goes to, once: (message, address) is unique, so a retry or a second
 * press never mails anyone twice. `name` and `reference` are the merge data as resolved at
 * send time. `status` is a MessageRecipientStatus: queued until the job hands it to the mail
 * server (sent) or the server refuses it for good (bounced, SMTP 5xx) or it fails otherwise.
 * `queued_at` is when it was last queued: the daily cap counts by it.
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** Trimmed, lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    reference: text('reference'),
    status: text('status').$type<MessageRecipientStatus>().notNull().default('queued'),
    error: text('error'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('message_recipients_message_email_uq').on(t.messageId, t.email),
    index('message_recipients_message_status_idx').on(t.messageId, t.status),
    index('message_recipients_queued_at_idx').on(t.queuedAt),
    check('message_recipients_status_ck', oneOf(t.status, MESSAGE_RECIPIENT_STATUSES)),
  ],
);

/**
 * Addresses that unsubscribed from the organizers' messages (DPDP Act 2023 §6(4): consent can
 * be withdrawn as easily as given). Only the SHA-256 of the trimmed, lower-cased address is
 * kept, so the list names nobody and survives an erasure; every edition honours it.
 */
export const messageUnsubscribes = pgTable('message_unsubscribes', {
  addressHash: text('address_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The message settings of an edition (MessageSettingsSchema); an edition without a row has
 * DEFAULT_MESSAGE_SETTINGS. The reminder columns switch the automatic reminders
 * (modules/reminders) on and off.
 */
export const messageSettings = pgTable(
  'message_settings',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id),
    dailyCap: integer('daily_cap').notNull().default(DEFAULT_MESSAGE_DAILY_CAP),
    unpaidReminder: boolean('unpaid_reminder').notNull().default(true),
    unpaidReminderHours: integer('unpaid_reminder_hours').notNull().default(24),
    dayBeforeReminder: boolean('day_before_reminder').notNull().default(true),
    waitingListConfirmation: boolean('waiting_list_confirmation').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('message_settings_daily_cap_ck', sql`${t.dailyCap} >= 0`),
    check('message_settings_unpaid_hours_ck', sql`${t.unpaidReminderHours} >= 1`),
  ],
);

/**
 * Automatic reminders already sent: one row per kind and subject (an order, a waiting-list
 * entry), written with the reminder's job so each is sent once.
 */
export const automaticReminders = pgTable(
  'automatic_reminders',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<AutomaticReminderKind>().notNull(),
    /** The registration's id (unpaid), the order's (day before) or the waiting-list entry's. */
    subjectId: text('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('automatic_reminders_kind_subject_uq').on(t.kind, t.subjectId),
    check('automatic_reminders_kind_ck', oneOf(t.kind, AUTOMATIC_REMINDER_KINDS)),
  ],
);
