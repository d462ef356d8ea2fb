/**
 * Statement times (src/db/query-timing.ts): a database handle tells its observers the operation
 * and time of each statement the app's Drizzle handle sends, inside a transaction or not, and
 * stops when the observer is removed. Runs on PGlite, and on PostgreSQL with DATABASE_URL (the
 * pool's statements and a transaction's connection).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { operationOf, type QueryOperation } from '../src/db/query-timing.js';
import { countries } from '../src/db/schema.js';
import { openTestDatabase } from './helper.js';

describe('statement times', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase({ prefix: 'timing' }));
  });
  afterAll(async () => drop?.());

  it('name the operation by the first word, never more', () => {
    expect(operationOf('select "id" from "countries"')).toBe('select');
    expect(operationOf('\n  SELECT pg_advisory_lock($1)')).toBe('select');
    expect(operationOf('(select 1) union (select 2)')).toBe('select');
    expect(operationOf('insert into "audit_log" values ($1)')).toBe('insert');
    expect(operationOf('update "events" set "name" = $1')).toBe('update');
    expect(operationOf('DELETE FROM pgboss.job')).toBe('delete');
    expect(operationOf('with "x" as (select 1) select * from "x"')).toBe('other');
    expect(operationOf('begin')).toBe('other');
    expect(operationOf('')).toBe('other');
  });

  it('report each statement, in a transaction or not, until the observer is removed', async () => {
    const seen: { operation: QueryOperation; seconds: number }[] = [];
    const stop = database.observeQueries((operation, seconds) => seen.push({ operation, seconds }));
    await database.db.select().from(countries).where(eq(countries.id, 1));
    await database.db.transaction(async (tx) => {
      await tx.insert(countries).values({ isoCode: 'ZZ', name: 'Timing', isdCode: '+0' });
      await tx.delete(countries).where(eq(countries.isoCode, 'ZZ'));
    });
    stop();
    await database.db.execute(sql`select 1`);

    const operations = seen.map((entry) => entry.operation);
    expect(operations[0]).toBe('select');
    expect(operations).toContain('insert');
    expect(operations).toContain('delete');
    // On PostgreSQL Drizzle sends `begin` and `commit` (other) too; PGlite opens and ends its
    // transactions itself. Nothing after `stop()` counts.
    expect(seen.length).toBeLessThanOrEqual(5);
    for (const { seconds } of seen) {
      expect(seconds).toBeGreaterThanOrEqual(0);
      expect(seconds).toBeLessThan(10);
    }
  });
});
