/**
 * Counts the database round trips of the app built in the bench's process, per route: every
 * statement sent to PostgreSQL (`pg.Client#query`, pools and the job queue's included, BEGIN and
 * COMMIT too) or to PGlite (`query`, `exec`, and a transaction's BEGIN, statements and COMMIT).
 * A statement sent while a request is handled counts for that request's route; any other (the
 * job queue's workers and polls) counts as `jobs`. Bench-only: it patches the driver in place.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../src/db/client.js';

/** Statements sent outside a request (job workers, the queue's polling). */
export const BACKGROUND = 'jobs';

export interface RoundTripCounter {
  /** Round trips so far, by route (`POST /api/auth/investor`…) or BACKGROUND. */
  snapshot(): Map<string, number>;
}

/**
 * Starts counting `database`'s round trips and attributes them to `app`'s routes (an onRequest
 * hook: call before the app is ready).
 */
export function countRoundTrips(app: FastifyInstance, database: DatabaseHandle): RoundTripCounter {
  const route = new AsyncLocalStorage<string>();
  const counts = new Map<string, number>();
  const trace = process.env.BENCH_TRACE_SQL === '1';
  const count = (trips = 1, text: unknown = '') => {
    const key = route.getStore() ?? BACKGROUND;
    if (trace) console.error(`${key} | ${statementText(text).replace(/\s+/g, ' ').slice(0, 200)}`);
    counts.set(key, (counts.get(key) ?? 0) + trips);
  };

  app.addHook('onRequest', (request, _reply, done) => {
    // The handler and everything it awaits run inside this context.
    route.run(`${request.method} ${request.routeOptions.url ?? request.url}`, done);
  });

  if (database.connection.driver === 'postgres') {
    // The pool hands a free client to a waiting caller's callback from inside the call that
    // released it: bound here, the callback runs in its own caller's request.
    const connect = pg.Pool.prototype.connect;
    pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
      const [callback] = args;
      return (connect as (...args: unknown[]) => unknown).apply(
        this,
        typeof callback === 'function'
          ? [AsyncResource.bind(callback as (...args: unknown[]) => unknown)]
          : args,
      );
    } as typeof connect;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      count(1, args[0]);
      return (query as (...args: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  } else {
    countPglite(database.connection.client, count);
  }
  return { snapshot: () => new Map(counts) };
}

/** A statement's SQL, whether given as text or as pg's query config. */
function statementText(statement: unknown): string {
  if (typeof statement === 'string') return statement;
  if (statement && typeof statement === 'object' && 'text' in statement) return String(statement.text);
  return String(statement);
}

function countPglite(client: PGlite, count: (trips?: number, statement?: unknown) => void) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    count(1, args[0]);
    return query(...args);
  }) as PGlite['query'];
  client.exec = (...args) => {
    count(1, args[0]);
    return exec(...args);
  };
  client.transaction = (callback) => {
    count(2, 'BEGIN … COMMIT'); // BEGIN and COMMIT (or ROLLBACK)
    return transaction((tx: Transaction) => {
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = ((...args: Parameters<Transaction['query']>) => {
        count(1, args[0]);
        return txQuery(...args);
      }) as Transaction['query'];
      tx.exec = (...args) => {
        count(1, args[0]);
        return txExec(...args);
      };
      return callback(tx);
    });
  };
}
