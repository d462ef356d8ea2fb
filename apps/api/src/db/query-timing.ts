/**
 * How long the app's statements take, reported to whoever observes them (the metrics plugin's
 * `festival_db_query_duration_seconds`). Timed where each driver sends them: on PostgreSQL every
 * statement of the app's pool (Drizzle's, the rate limits', the cache notifications'), in
 * `PreparingClient`; on PGlite every statement of the app's Drizzle handle, through
 * `timedPglite` (where a transaction's `begin` and `commit` are PGlite's own, so not timed). The
 * job queue's own statements are not timed on either (on PostgreSQL it has a pool of its own). A time runs from when the statement is handed to the driver until its
 * answer (or error) is back: on PostgreSQL not the wait for a free connection (the pool's
 * `waiting` gauge shows that), on PGlite, which runs one statement at a time, including the wait
 * for the one before it.
 *
 * Nothing is timed while nobody observes; a timed statement costs a clock read at each end and
 * the closure that holds its start.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** What a statement does, by its first word; never its text, so the label set stays five. */
export type QueryOperation = 'select' | 'insert' | 'update' | 'delete' | 'other';

export const QUERY_OPERATIONS: readonly QueryOperation[] = ['select', 'insert', 'update', 'delete', 'other'];

/** Told of each statement once it is answered: its operation and its time in seconds. */
export type QueryObserver = (operation: QueryOperation, seconds: number) => void;

/** Ends a statement's time and reports it; any arguments are ignored (it doubles as a callback). */
export type QueryTimer = () => void;

const WORDS = ['select', 'insert', 'update', 'delete'] as const;
const UPPER_WORDS = WORDS.map((word) => word.toUpperCase());

/**
 * The operation of a statement: its first word after blanks and opening brackets, in lower or
 * upper case (Drizzle writes lower case, hand-written SQL here either). A statement starting with
 * `with` (a common table expression), `begin`, `commit` or anything else is `other`. Reads the
 * text in place: no substring is made.
 */
export function operationOf(text: string): QueryOperation {
  let start = 0;
  while (start < text.length) {
    const code = text.charCodeAt(start);
    // Whitespace and control characters are at or below the space; 40 is "(".
    if (code > 32 && code !== 40) break;
    start++;
  }
  for (let index = 0; index < WORDS.length; index++) {
    if (text.startsWith(WORDS[index]!, start) || text.startsWith(UPPER_WORDS[index]!, start)) {
      return WORDS[index]!;
    }
  }
  return 'other';
}

/** One database handle's statement times and who observes them (`DatabaseHandle.observeQueries`). */
export class QueryTiming {
  readonly #observers = new Set<QueryObserver>();

  /** Adds `observer`; the function answered removes it again. */
  observe(observer: QueryObserver): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  /** Starts timing the statement `text`: undefined when nobody observes, else its timer. */
  start(text: string): QueryTimer | undefined {
    if (this.#observers.size === 0) return undefined;
    const started = performance.now();
    return () => {
      const seconds = (performance.now() - started) / 1000;
      const operation = operationOf(text);
      for (const observer of this.#observers) observer(operation, seconds);
    };
  }
}

/**
 * `answer`, the promise of a statement, with `timer` (`QueryTiming.start`'s, made before the
 * statement was sent) reported when it settles. Arguments are evaluated in order, so
 * `whenSettled(timing.start(text), client.query(text))` starts the time first.
 */
export function whenSettled<T>(timer: QueryTimer | undefined, answer: Promise<T>): Promise<T> {
  if (timer) answer.then(timer, timer);
  return answer;
}

/**
 * `client` as the app's Drizzle handle uses it, with every statement timed. Drizzle's PGlite
 * session calls nothing of its client but `query` and `transaction`, and nothing of a
 * transaction but `query` (drizzle-orm/pglite/session.js), so those are all this forwards;
 * the job queue and backups keep the PGlite instance itself.
 */
export function timedPglite(client: PGlite, timing: QueryTiming): PGlite {
  const timed: Pick<PGlite, 'query' | 'transaction'> = {
    query: (text, params, options) => whenSettled(timing.start(text), client.query(text, params, options)),
    transaction: (callback) =>
      client.transaction((tx) => {
        const timedTx: Pick<Transaction, 'query'> = {
          query: (text, params, options) => whenSettled(timing.start(text), tx.query(text, params, options)),
        };
        return callback(timedTx as Transaction);
      }),
  };
  // Drizzle is typed to take a PGlite; it uses only what `timed` has (see above).
  return timed as PGlite;
}
