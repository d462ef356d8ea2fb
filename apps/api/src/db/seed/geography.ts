/**
 * Countries, ISD codes and states from well-kept libraries rather than hand-written lists:
 * libphonenumber-js (regions and calling codes), i18n-iso-countries (English names) and
 * country-state-city (first-level subdivisions).
 */
import { createRequire } from 'node:module';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
// The states' module alone: the package's root also loads its 8 MB of cities, which the
// server would then hold for good (36 MB of heap).
import { getAllStates } from 'country-state-city/lib/cjs/state.js';
import isoCountries, { type LocaleData } from 'i18n-iso-countries';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { Executor } from '../client.js';
import { countries, states } from '../schema.js';

// Loaded with require: the bundle keeps npm packages external, and a JSON import attribute
// does not survive bundling, which Node's ESM loader then refuses.
const require = createRequire(import.meta.url);
isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json') as LocaleData);

/** Rows per INSERT: large enough to be fast on PGlite, far below PostgreSQL's parameter limit. */
const CHUNK_ROWS = 1000;

export interface CountrySeed {
  isoCode: string;
  name: string;
  /** Calling code with a plus, e.g. "+91". */
  isdCode: string;
}

/**
 * Every region libphonenumber-js can dial, named in English. Regions without an ISO 3166
 * name (Ascension Island "AC", Tristan da Cunha "TA") are left out.
 */
export function countrySeeds(): CountrySeed[] {
  const rows: CountrySeed[] = [];
  for (const isoCode of getCountries()) {
    const name = isoCountries.getName(isoCode, 'en');
    if (name) rows.push({ isoCode, name, isdCode: `+${getCountryCallingCode(isoCode)}` });
  }
  return rows;
}

/** Upserts the countries by ISO code, so library updates to names and codes come through. */
async function seedCountries(db: Executor): Promise<Map<string, number>> {
  await db
    .insert(countries)
    .values(countrySeeds())
    .onConflictDoUpdate({
      target: countries.isoCode,
      set: { name: sql`excluded.name`, isdCode: sql`excluded.isd_code` },
    });
  const rows = await db.select({ id: countries.id, isoCode: countries.isoCode }).from(countries);
  return new Map(rows.map((row) => [row.isoCode, row.id]));
}

/**
 * Inserts missing states in chunks. Skipped as a whole when the table already holds at least
 * as many states as the library knows, which keeps every start after the first fast.
 */
async function seedStates(db: Executor, countryIds: Map<string, number>, log: FastifyBaseLogger) {
  const rows = getAllStates().flatMap((state) => {
    const countryId = countryIds.get(state.countryCode);
    return countryId === undefined ? [] : [{ countryId, code: state.isoCode, name: state.name }];
  });
  const [existing] = await db.select({ value: count() }).from(states);
  if ((existing?.value ?? 0) >= rows.length) return;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    await db
      .insert(states)
      .values(rows.slice(start, start + CHUNK_ROWS))
      .onConflictDoNothing({ target: [states.countryId, states.code] });
  }
  log.info({ states: rows.length }, 'seeded states');
}

/** Seeds countries and their states. Idempotent. */
export async function seedGeography(db: Executor, log: FastifyBaseLogger): Promise<void> {
  const countryIds = await seedCountries(db);
  await seedStates(db, countryIds, log);
}
