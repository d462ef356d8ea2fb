/**
 * Queries of the spec's reference lists.
 * Every function takes `db: Executor`, the database or an open transaction.
 */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countries, industryCategories, startupStages, states } from '../../db/schema.js';

export type CountryRow = typeof countries.$inferSelect;

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
    db.select({ id: countries.id, isdCode: countries.isdCode, isoCode: countries.isoCode }).from(countries),
    db.select({ id: states.id, countryId: states.countryId }).from(states),
    db.select({ id: industryCategories.id }).from(industryCategories),
    db.select({ id: startupStages.id }).from(startupStages),
  ]);
  return { countries: countryRows, states: stateRows, categories: categoryRows, stages: stageRows };
}
