/**
 * The server's PostgreSQL connections prepare each parameterised statement once
 * (src/db/preparing-client.ts): what a connection has prepared is read back from the server's
 * own `pg_prepared_statements`, on that connection. PostgreSQL only (DATABASE_URL); PGlite has
 * no pool.
 */
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { MAX_PREPARED_STATEMENTS, PreparingClient } from '../src/db/preparing-client.js';
import { countries } from '../src/db/schema.js';
import { rowsOf } from '../src/db/search.js';
import { openTestDatabase } from './helper.js';

interface Prepared {
  statement: string;
  runs: number;
}

/** The statements the connection `client` has prepared, with how often each ran. */
async function preparedOn(client: pg.ClientBase): Promise<Prepared[]> {
  const { rows } = await client.query<Prepared>(
    'select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements order by prepare_time',
  );
  return rows;
}

describe.skipIf(!process.env.DATABASE_URL)('prepared statements (PostgreSQL)', () => {
  let database: DatabaseHandle;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const throwaway = await openTestDatabase({ prefix: 'prepare' });
    ({ database, drop } = throwaway);
    url = throwaway.url!;
  }, 60_000);
  afterAll(async () => {
    await drop?.();
  });

  /** Runs `work` on a new connection of the kind the server's pool opens, closed after. */
  async function onNewConnection(work: (client: pg.ClientBase) => Promise<void>): Promise<void> {
    const client = new PreparingClient({ connectionString: url });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  }

  it('prepares a query Drizzle builds once and runs it again by name', async () => {
    const statements = await database.db.transaction(async (tx) => {
      for (const id of [1, 2, 3]) await tx.select().from(countries).where(eq(countries.id, id));
      return rowsOf(
        await tx.execute(
          sql`select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements`,
        ),
      ) as unknown as Prepared[];
    });
    const countryQueries = statements.filter((row) => row.statement.includes('from "countries"'));
    expect(countryQueries).toHaveLength(1);
    expect(countryQueries[0]?.runs).toBe(3);
    // `begin` has no parameters: the simple protocol, nothing prepared.
    expect(statements.some((row) => /^begin/i.test(row.statement))).toBe(false);
  });

  it('runs statements beyond the limit unprepared, with the right answers', async () => {
    await onNewConnection(async (client) => {
      const extra = 3;
      for (let k = 0; k < MAX_PREPARED_STATEMENTS + extra; k++) {
        const { rows } = await client.query<{ sum: number }>(`select $1::int + ${k} as sum`, [1]);
        expect(rows[0]?.sum).toBe(1 + k);
      }
      const prepared = (await preparedOn(client)).filter((row) =>
        row.statement.startsWith('select $1::int +'),
      );
      expect(prepared).toHaveLength(MAX_PREPARED_STATEMENTS);
      // A prepared one runs again by its name.
      await client.query('select $1::int + 0 as sum', [5]);
      expect(
        (await preparedOn(client)).find((row) => row.statement === 'select $1::int + 0 as sum')?.runs,
      ).toBe(2);
    });
  });

  it('keeps working on a connection after a prepared statement fails and after one does not parse', async () => {
    await onNewConnection(async (client) => {
      const divide = 'select 10 / $1::int as quotient';
      await client.query('begin');
      await expect(client.query(divide, [0])).rejects.toThrow(/division by zero/);
      await client.query('rollback');
      expect((await client.query<{ quotient: number }>(divide, [2])).rows[0]?.quotient).toBe(5);

      await expect(client.query('select $1::int +', [1])).rejects.toThrow(/syntax error/);
      await expect(client.query('select $1::int +', [1])).rejects.toThrow(/syntax error/);
      expect((await client.query<{ quotient: number }>(divide, [5])).rows[0]?.quotient).toBe(2);
      expect((await preparedOn(client)).map((row) => row.statement)).toEqual([divide]);
    });
  });
});
