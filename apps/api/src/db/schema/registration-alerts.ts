/**
 * Addresses left to hear when registration opens.
 */
import { LOCALES } from '@festival/shared';
import { check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.js';
import { events } from './editions.js';

/**
 * "Tell me when registration opens": addresses left while no edition is on sale, for the
 * organizers to write to when the next one opens. One row per address; erasure removes it.
 */
export const registrationAlerts = pgTable(
  'registration_alerts',
  {
    id: serial('id').primaryKey(),
    /** Trimmed, lower-cased. */
    email: text('email').notNull().unique(),
    /** The edition the site showed when the address was left. */
    eventId: integer('event_id').references(() => events.id),
    /** Client address of the request (behind a proxy only with TRUST_PROXY). */
    ip: text('ip'),
    /** LOCALES: the language of the page the address was left on; both emails use it. */
    locale: text('locale').notNull().default('en'),
    createdAt: createdAt(),
    /** When the organizers' message that registration opened was sent to it. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [check('registration_alerts_locale_ck', oneOf(t.locale, LOCALES))],
);
