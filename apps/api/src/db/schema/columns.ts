import { sql, type SQL } from 'drizzle-orm';
import type { Translations } from '@festival/shared';
import { jsonb, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

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

/**
 * `translations jsonb not null default '{}'`: the organizers' Gujarati and Hindi of the row's
 * fields `F` beside its English columns (docs/decisions/034-organizer-content-translations.md).
 * Pair it with `isJsonObject` in a CHECK named `<table>_translations_ck`.
 */
export const translationsColumn = <F extends string>() =>
  jsonb('translations').$type<Translations<F>>().notNull().default({});

/** The condition of a CHECK constraint that a jsonb `column` holds an object (not an array or scalar). */
export function isJsonObject(column: AnyPgColumn): SQL {
  return sql`jsonb_typeof(${column}) = 'object'`;
}
