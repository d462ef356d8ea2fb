/**
 * Reference lists the registration forms offer: participant categories, industry
 * categories, startup stages, countries and their states.
 */
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Pitcher 1, Start-Up 2, Investor 3, Visitor 4: fixed ids the spec's register tabs use. */
export const participantCategories = pgTable('participant_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Industry / sector a startup belongs to (the spec's sectors). */
export const industryCategories = pgTable('industry_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const startupStages = pgTable('startup_stages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Countries with ISO 3166-1 alpha-2 code and ISD calling code ("+91"). */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  isoCode: text('iso_code').notNull().unique(),
  name: text('name').notNull(),
  isdCode: text('isd_code').notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('states_country_code_uq').on(t.countryId, t.code)],
);
