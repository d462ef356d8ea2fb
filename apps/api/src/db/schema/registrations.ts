/**
 * Registrations, the startup and investor details of their forms, and
 * the files uploaded with them.
 */
import { sql } from 'drizzle-orm';
import { LOCALES, UploadPurposeSchema } from '@festival/shared';
import {
  bigint,
  check,
  date,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.js';
import { events } from './editions.js';
import {
  countries,
  industryCategories,
  participantCategories,
  startupStages,
  states,
} from './reference-data.js';
import { ticketTypes } from './tickets.js';

/**
 * One registered person (an attendee). The same email may register once per event and
 * participant category.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    participantCategoryId: integer('participant_category_id')
      .notNull()
      .references(() => participantCategories.id),
    ticketTypeId: integer('ticket_type_id').references(() => ticketTypes.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    countryCode: text('country_code').notNull(),
    contactNo: text('contact_no').notNull(),
    companyName: text('company_name'),
    city: text('city').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    stateId: integer('state_id').references(() => states.id),
    pincode: text('pincode'),
    address: text('address'),
    description: text('description'),
    /**
     * A colleague added to a company's registration: the registration whose
     * company details (and startup details) were copied onto this one. Always the company's
     * first registration, never another colleague.
     */
    colleagueOfId: uuid('colleague_of_id').references((): AnyPgColumn => registrations.id),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    /** LOCALES: the language of the page the registrant registered from; their emails use it. */
    locale: text('locale').notNull().default('en'),
    /** When the registration confirmation job handed the email to the mail server. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registrations_event_category_email_uq').on(
      t.eventId,
      t.participantCategoryId,
      sql`lower(${t.email})`,
    ),
    check('registrations_locale_ck', oneOf(t.locale, LOCALES)),
  ],
);

/** Startup form details (Pitcher and Start-Up tabs). */
export const startupDetails = pgTable('startup_details', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  founderName: text('founder_name').notNull(),
  legalName: text('legal_name').notNull(),
  industryCategoryId: integer('industry_category_id')
    .notNull()
    .references(() => industryCategories.id),
  startupStageId: integer('startup_stage_id')
    .notNull()
    .references(() => startupStages.id),
  teamSize: text('team_size').notNull(),
  establishedOn: date('established_on').notNull(),
});

/** Investor form details. */
export const investorDetails = pgTable('investor_details', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  /** Intended investment in paise. */
  investmentAmount: bigint('investment_amount', { mode: 'number' }).notNull().default(0),
});

/** A file uploaded with a registration; stored under DATA_DIR with a server-generated name. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** UploadPurposeSchema: logo | brochure | product_image */
    purpose: text('purpose').notNull(),
    storedName: text('stored_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    /** Type sniffed from the content, never the declared one. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('uploaded_files_purpose_ck', oneOf(t.purpose, UploadPurposeSchema.options))],
);
