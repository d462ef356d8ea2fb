/**
 * Reference lists in the API's shapes (`_id` keys, spec §3), names sorted the way a person
 * reads them (Intl collation, so "Åland Islands" sits with the A's on PostgreSQL and PGlite alike).
 */
import type { Category, Country, Stage, State } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import * as repository from './repository.js';

export { getCurrentEvent, type Event } from './repository.js';

const byName = new Intl.Collator('en', { sensitivity: 'base' }).compare;

export async function listCategories(db: Executor): Promise<Category[]> {
  const rows = await repository.listIndustryCategories(db);
  return rows.map((row) => ({ _id: row.id, categoryName: row.name }));
}

export async function listStages(db: Executor): Promise<Stage[]> {
  const rows = await repository.listStartupStages(db);
  return rows.map((row) => ({ _id: row.id, StageOfStartup: row.name }));
}

export async function listCountries(db: Executor): Promise<Country[]> {
  const rows = await repository.listCountries(db);
  return rows
    .map((row) => ({ _id: row.id, CountryName: row.name, isoCode: row.isoCode, isdCode: row.isdCode }))
    .sort((a, b) => byName(a.CountryName, b.CountryName));
}

/**
 * States of a country sorted by name; empty when the country has none.
 * @throws NotFoundError for an unknown country id.
 */
export async function listStates(db: Executor, countryId: number): Promise<State[]> {
  const country = await repository.findCountry(db, countryId);
  if (!country) throw new NotFoundError(`Country ${countryId} not found.`);
  const rows = await repository.listStatesOfCountry(db, countryId);
  return rows
    .map((row) => ({ _id: row.id, StateName: row.name }))
    .sort((a, b) => byName(a.StateName, b.StateName));
}
