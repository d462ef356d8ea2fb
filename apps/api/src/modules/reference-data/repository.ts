/**
 * Queries of the spec's reference lists and of the current event.
 * Every function takes `db: Executor`, the database or an open transaction.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countries, events, industryCategories, startupStages, states } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';

export type Event = typeof events.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;

/** Events ordered current edition first (see `getCurrentEvent`). */
const CURRENT_FIRST = [sql`${events.currentSince} desc nulls last`, desc(events.startsAt)];

/**
 * The current edition's id as a subquery (see `getCurrentEvent`), for a query that needs it
 * without a round trip of its own.
 */
export function currentEventIdQuery(db: Executor) {
  return db
    .select({ id: events.id })
    .from(events)
    .orderBy(...CURRENT_FIRST)
    .limit(1);
}

/**
 * The edition registrations and ticket sales belong to and the site shows: the one organizers
 * made current last, else the event with the latest start.
 * @throws NotFoundError when no event exists (the seed always creates one).
 */
export async function getCurrentEvent(db: Executor): Promise<Event> {
  const [event] = await db
    .select()
    .from(events)
    .orderBy(...CURRENT_FIRST)
    .limit(1);
  if (!event) throw new NotFoundError('No festival edition is open for registration.');
  return event;
}

export function listIndustryCategories(db: Executor) {
  return db
    .select({ id: industryCategories.id, name: industryCategories.name })
    .from(industryCategories)
    .orderBy(asc(industryCategories.sortOrder), asc(industryCategories.name));
}

export function listStartupStages(db: Executor) {
  return db
    .select({ id: startupStages.id, name: startupStages.name })
    .from(startupStages)
    .orderBy(asc(startupStages.sortOrder), asc(startupStages.name));
}

export function listCountries(db: Executor): Promise<CountryRow[]> {
  return db.select().from(countries);
}

export function listStatesOfCountry(db: Executor, countryId: number) {
  return db.select({ id: states.id, name: states.name }).from(states).where(eq(states.countryId, countryId));
}

export async function findCountry(db: Executor, id: number): Promise<CountryRow | undefined> {
  const [country] = await db.select().from(countries).where(eq(countries.id, id));
  return country;
}

/**
 * The keys registrations refer to: every country's id and ISD code, every state's id with its
 * country's, every industry category's and startup stage's id.
 */
export async function listReferenceKeys(db: Executor) {
  const [countryRows, stateRows, categoryRows, stageRows] = await Promise.all([
    db.select({ id: countries.id, isdCode: countries.isdCode }).from(countries),
    db.select({ id: states.id, countryId: states.countryId }).from(states),
    db.select({ id: industryCategories.id }).from(industryCategories),
    db.select({ id: startupStages.id }).from(startupStages),
  ]);
  return { countries: countryRows, states: stateRows, categories: categoryRows, stages: stageRows };
}

/** Closes (a date) or reopens (null) award voting of an edition. */
export async function setVotingClosedAt(db: Executor, eventId: number, at: Date | null): Promise<void> {
  await db.update(events).set({ votingClosedAt: at }).where(eq(events.id, eventId));
}
