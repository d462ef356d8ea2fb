import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at timestamptz not null default now()`: when the row was inserted, by the database's clock. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
