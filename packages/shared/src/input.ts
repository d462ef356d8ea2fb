/**
 * Building blocks for values that reach the database: text PostgreSQL can store, ids inside
 * its `integer` column range and real calendar dates (each of these answered 500 before it was
 * checked here). Form schemas and API parameter schemas build on them, so a bad
 * value gets a 400 naming its field instead of a database error.
 */
// Per-function entry points: the package's root loads all of its 864 modules in Node, where
// the server and the SSR bundle import it unbundled, and every module costs startup time and memory.
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` (int4) column, the type of every serial id here. */
export const MAX_DATABASE_ID = 2_147_483_647;

/** Answered for text with a NUL character or an unpaired UTF-16 surrogate. */
export const UNSAFE_TEXT_MESSAGE = 'Must not contain NUL characters or unpaired surrogates';

/** Answered for an id beyond the database's range: no row can have it. */
export const UNKNOWN_ID_MESSAGE = 'Not a valid choice';

/**
 * A surrogate that is not half of a pair: with the `u` flag a pair is one code point, so only
 * an unpaired surrogate matches `\p{Cs}`. It cannot be encoded as UTF-8.
 */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** Whether `value` can be stored as PostgreSQL text: no NUL (text cannot hold it), no unpaired surrogate. */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

/**
 * `z.string()` that refuses NUL and unpaired surrogates with UNSAFE_TEXT_MESSAGE. Chain the
 * usual string checks after it (`.trim().min(1)`); `params` are z.string's (e.g. `{error}`).
 */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSafeText, UNSAFE_TEXT_MESSAGE);

/**
 * A positive integer id of a database row, coerced from the string a form, path or query
 * sends. `message` is answered for a missing or non-integer value; UNKNOWN_ID_MESSAGE above
 * the int4 range (PostgreSQL would refuse to compare the column with it).
 */
export const databaseId = (message?: string) =>
  z.coerce
    .number(message ? { error: message } : undefined)
    .int(message)
    .positive(message)
    .max(MAX_DATABASE_ID, UNKNOWN_ID_MESSAGE);

/** `YYYY-MM-DD` with four-digit year. */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether `value` is a real day written `YYYY-MM-DD`, from year 1000 on. `Date.parse` rolls
 * `2024-02-31` over to 2 March; date-fns' parseISO checks the day against the month's length
 * (leap years included) and answers an invalid date instead. parseISO rather than `parse`:
 * the pattern already fixes the format, and it is a fraction of the size in the browser's
 * bundle. Year 0000 does not exist in PostgreSQL's calendar.
 */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = parseISO(value);
  return isValid(date) && date.getFullYear() >= 1000;
}
