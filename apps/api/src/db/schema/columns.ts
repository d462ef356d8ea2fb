import { sql, type SQL } from 'drizzle-orm';
import { timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** `created_at timestamptz not null default now()`: when the row was inserted, by the database's clock. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The condition of a CHECK constraint that `column` holds one of `values`:
 * `"orders"."status" in ('pending', 'paid', …)`. Built from the TypeScript set the column is
 * typed by, so adding a value there makes `npm run db:generate` write the migration that allows it.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
