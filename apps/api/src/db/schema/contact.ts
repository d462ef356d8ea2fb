/**
 * Contact-form inquiries and organizers' answers to them.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * A message sent with the contact form (the spec's Contact inquiry). Stored before the organiser is
 * notified.
 */
export const contactInquiries = pgTable('contact_inquiries', {
  id: serial('id').primaryKey(),
  contactPersonName: text('contact_person_name').notNull(),
  email: text('email').notNull(),
  /** Phone number, digits only. */
  number: text('number').notNull(),
  subject: text('subject').notNull(),
  message: text('message'),
  /** Client address as Fastify saw it (behind a proxy only with TRUST_PROXY). */
  ip: text('ip'),
  createdAt: createdAt(),
  /** When the organiser's notification email was handed over; null if it failed. */
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  /** When an organizer marked the inquiry handled; null while it is open. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
});

/**
 * An organizer's email answer to a contact inquiry, sent by the
 * `inquiry-reply` job; `sentAt` records when the mail server took it.
 */
export const inquiryReplies = pgTable(
  'inquiry_replies',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => contactInquiries.id),
    organizerId: text('organizer_id').notNull(),
    organizerEmail: text('organizer_email').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('inquiry_replies_inquiry_idx').on(t.inquiryId)],
);
