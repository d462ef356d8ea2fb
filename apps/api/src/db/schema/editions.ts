/**
 * The festival's editions (the spec's Event).
 */
import { sql } from 'drizzle-orm';
import {
  VISITOR_REGISTRATIONS,
  type EditionStat,
  type EditionTranslatedField,
  type VisitorRegistration,
} from '@festival/shared';
import { check, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, isJsonObject, oneOf, translationsColumn } from './columns.js';

/** One edition of the festival. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    venue: text('venue').notNull(),
    venueMapUrl: text('venue_map_url').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Set when an organizer closes award voting; null while voting is open. */
    votingClosedAt: timestamp('voting_closed_at', { withTimezone: true }),
    /** Embed address of the festival video the home page plays (https), if any. */
    videoUrl: text('video_url'),
    /** Which edition of the festival this is (2 for the spec's 2024 edition); null when unnumbered. */
    editionNumber: integer('edition_number'),
    /** The edition's theme as the home page states it; '' for none. */
    theme: text('theme').notNull().default(''),
    /** Sectors the edition focuses on, in the order the site lists them. */
    sectors: text('sectors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Headline figures of the home page ("1000+" Participants), in order. */
    stats: jsonb('stats').$type<EditionStat[]>().notNull().default([]),
    /**
     * How visitors register: 'pass' (the Visitor passes on sale here) or 'external' (the Visitor
     * tab links to `visitorRegistrationUrl`, as the spec's edition did).
     */
    visitorRegistration: text('visitor_registration')
      .$type<VisitorRegistration>()
      .notNull()
      .default('external'),
    /** The external listing the Visitor tab opens when visitors register elsewhere. */
    visitorRegistrationUrl: text('visitor_registration_url'),
    /** Start of this edition's order references (`SFG24` → `SFG24-7KQ2M9XW4P`). */
    referencePrefix: text('reference_prefix').notNull(),
    /**
     * Series of this edition's tax invoices and credit notes (`SFG` → `SFG/2526/42`); numbers
     * are consecutive per prefix and financial year (CGST Rules 2017 rule 46(b)).
     */
    invoicePrefix: text('invoice_prefix').notNull(),
    /**
     * When organizers made this edition the current one. The current edition
     * is the one made current last; editions never made current (the seed's) come after, latest
     * start first.
     */
    currentSince: timestamp('current_since', { withTimezone: true }),
    /**
     * The Gujarati and Hindi of the name, venue and theme; English is the columns above. The
     * figures' labels carry theirs inside `stats`.
     */
    translations: translationsColumn<EditionTranslatedField>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('events_visitor_registration_ck', oneOf(t.visitorRegistration, VISITOR_REGISTRATIONS)),
    check('events_translations_ck', isJsonObject(t.translations)),
  ],
);
