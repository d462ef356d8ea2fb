/**
 * Reference lists in the API's shapes (`_id` keys, spec §3), names sorted the way a person
 * reads them (Intl collation, so "Åland Islands" sits with the A's on PostgreSQL and PGlite alike).
 */
import {
  STATE_REQUIRED_MESSAGE,
  type Category,
  type Country,
  type Stage,
  type State,
} from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { readMostly } from '../../db/read-mostly.js';
import * as repository from './repository.js';

export { currentEventIdQuery, type Event } from './repository.js';

/**
 * The current edition (repository `getCurrentEvent`), kept in process between organizers'
 * changes when `db` is the app's handle (db/read-mostly.ts); a transaction reads it afresh.
 * @throws NotFoundError when no event exists (the seed always creates one).
 */
export function getCurrentEvent(db: Executor): Promise<repository.Event> {
  return readMostly(db, 'current-event', () => repository.getCurrentEvent(db));
}

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

/**
 * Field errors for a location that does not resolve: the country, a state of that country
 * (required when the country has states, spec §5) and the ISD code. Empty when all resolve.
 */
export async function checkLocation(
  db: Executor,
  input: { CountryID: number; StateID?: number | undefined; countryCode?: string | undefined },
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  // One round trip: every registration asks.
  const facts = await repository.locationFacts(db, {
    countryId: input.CountryID,
    stateId: input.StateID,
    isdCode: input.countryCode || undefined,
  });
  if (!facts.countryExists) {
    errors.CountryID = 'Choose a country from the list.';
  } else if (input.StateID === undefined) {
    if (facts.states > 0) errors.StateID = STATE_REQUIRED_MESSAGE;
  } else if (!facts.stateInCountry) {
    errors.StateID = 'Choose a state of the selected country.';
  }
  if (!facts.isdCodeExists) errors.countryCode = 'Choose a country code from the list.';
  return errors;
}

/** Whether an ISD code ("+91") is one of the country list's. */
export async function isKnownIsdCode(db: Executor, isdCode: string): Promise<boolean> {
  return repository.isdCodeExists(db, isdCode);
}

/** Field errors for a startup's industry and stage that are not in the lists. */
export async function checkStartupProfile(
  db: Executor,
  input: { categoryId: number; stageOfStartup: number },
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (!(await repository.industryCategoryExists(db, input.categoryId))) {
    errors.categoryId = 'Choose an industry/sector from the list.';
  }
  if (!(await repository.startupStageExists(db, input.stageOfStartup))) {
    errors.stageOfStartup = 'Choose a stage of startup from the list.';
  }
  return errors;
}

/** Closes award voting of the current edition at `now`, or reopens it. */
export async function setVotingOpen(db: Executor, open: boolean, now: Date): Promise<void> {
  const event = await repository.getCurrentEvent(db);
  await repository.setVotingClosedAt(db, event.id, open ? null : now);
}
