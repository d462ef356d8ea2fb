/**
 * Reference lists in the API's shapes (`_id` keys, as the spec has them), names sorted the way a person
 * reads them (Intl collation, so "Åland Islands" sits with the A's on PostgreSQL and PGlite alike).
 */
import {
  INDIA_ISO_CODE,
  indianPincodeProblem,
  PARTICIPANT_CATEGORY_NAMES,
  STATE_REQUIRED_MESSAGE,
  type Category,
  type Country,
  type ParticipantCategoryId,
  type Stage,
  type State,
} from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { readMostly } from '../../db/read-mostly.js';
import * as repository from './repository.js';

/** Display name of a participant category ("Start-Up"); the id itself if unknown. */
export function roleName(participantCategoryId: number): string {
  return (
    PARTICIPANT_CATEGORY_NAMES[participantCategoryId as ParticipantCategoryId] ??
    String(participantCategoryId)
  );
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

/** What registrations may refer to, as sets (`referenceIndex`). */
interface ReferenceIndex {
  /** States by country id; a country without states has an empty set. */
  statesOf: Map<number, Set<number>>;
  isdCodes: Set<string>;
  /** India's country id, whose PIN codes have six digits (undefined if the list lacks India). */
  indiaId: number | undefined;
  categoryIds: Set<number>;
  stageIds: Set<number>;
}

/**
 * The reference lists' keys, kept in process between organizers' changes when `db` is the
 * app's handle (db/read-mostly.ts): every registration checks its country, state, ISD code
 * (and a startup's industry and stage) against them, and the lists (some 5,000 states) change
 * only with a seed or an organizer.
 */
function referenceIndex(db: Executor): Promise<ReferenceIndex> {
  return readMostly(db, 'reference-index', async () => {
    const keys = await repository.listReferenceKeys(db);
    const statesOf = new Map(keys.countries.map((country) => [country.id, new Set<number>()]));
    for (const state of keys.states) statesOf.get(state.countryId)?.add(state.id);
    return {
      statesOf,
      isdCodes: new Set(keys.countries.map((country) => country.isdCode)),
      indiaId: keys.countries.find((country) => country.isoCode === INDIA_ISO_CODE)?.id,
      categoryIds: new Set(keys.categories.map((category) => category.id)),
      stageIds: new Set(keys.stages.map((stage) => stage.id)),
    };
  });
}

/**
 * Field errors for a location that does not resolve: the country, a state of that country
 * (required when the country has states), the ISD code, and a pincode that is not India's six
 * digits when the country is India (INDIAN_PINCODE_MESSAGE). Empty when all resolve.
 */
export async function checkLocation(
  db: Executor,
  input: {
    CountryID: number;
    StateID?: number | undefined;
    countryCode?: string | undefined;
    pincode?: string | undefined;
  },
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const index = await referenceIndex(db);
  const statesOfCountry = index.statesOf.get(input.CountryID);
  if (!statesOfCountry) {
    errors.CountryID = 'Choose a country from the list.';
  } else if (input.StateID === undefined) {
    if (statesOfCountry.size > 0) errors.StateID = STATE_REQUIRED_MESSAGE;
  } else if (!statesOfCountry.has(input.StateID)) {
    errors.StateID = 'Choose a state of the selected country.';
  }
  if (input.countryCode && !index.isdCodes.has(input.countryCode)) {
    errors.countryCode = 'Choose a country code from the list.';
  }
  const pincodeProblem = input.CountryID === index.indiaId ? indianPincodeProblem(input.pincode) : undefined;
  if (pincodeProblem) errors.pincode = pincodeProblem;
  return errors;
}

/** Whether an ISD code ("+91") is one of the country list's. */
export async function isKnownIsdCode(db: Executor, isdCode: string): Promise<boolean> {
  return (await referenceIndex(db)).isdCodes.has(isdCode);
}

/** Field errors for a startup's industry and stage that are not in the lists. */
export async function checkStartupProfile(
  db: Executor,
  input: { categoryId: number; stageOfStartup: number },
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const index = await referenceIndex(db);
  if (!index.categoryIds.has(input.categoryId)) {
    errors.categoryId = 'Choose an industry/sector from the list.';
  }
  if (!index.stageIds.has(input.stageOfStartup)) {
    errors.stageOfStartup = 'Choose a stage of startup from the list.';
  }
  return errors;
}
