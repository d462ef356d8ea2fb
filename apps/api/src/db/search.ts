/**
 * SQL pieces the console's searchable lists share (registrations, orders, inquiries): a
 * case- and accent-insensitive substring match, India-time day bounds, and reading the rows of
 * a raw `execute` on either driver.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * `text` contains `query`, ignoring case and accents (`festival_search_text`, migration 0006:
 * unaccent + lower, served by trigram indexes). `%`, `_` and `\` a person types are searched
 * for, not used as LIKE wildcards.
 */
export function containsText(text: SQL, query: string): SQL {
  const pattern = `%${query.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
  return sql`festival_search_text(${text}) like festival_search_text(${pattern})`;
}

/**
 * `column` falls within the days `from` to `to` (`YYYY-MM-DD`, both included, either open) in
 * `timeZone`; PostgreSQL's tz database turns the day bounds into instants.
 */
export function withinDays(column: SQL, timeZone: string, from?: string, to?: string): SQL[] {
  const bounds: SQL[] = [];
  if (from) bounds.push(sql`${column} >= (${from}::date)::timestamp at time zone ${timeZone}`);
  if (to) bounds.push(sql`${column} < (${to}::date + 1)::timestamp at time zone ${timeZone}`);
  return bounds;
}

/** The rows of `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
