/**
 * The PostgreSQL connection the server's pool opens: node-postgres's `Client`, except that
 * every statement with parameters is sent as a named prepared statement, so the server parses,
 * analyses and plans each statement text once per connection instead of on every execution.
 *
 * node-postgres prepares a statement when its query has a `name` and keeps, per connection,
 * which names it has prepared, so later executions send only Bind and Execute
 * (node-postgres.com/features/queries, "Prepared Statements"). Drizzle sends every query
 * unnamed, so without this each execution is parsed and planned again. After five executions
 * PostgreSQL keeps a generic plan when it costs no more than the custom ones (PostgreSQL 15
 * docs, PREPARE, "plan_cache_mode").
 * On the order flow (`npm run bench:order-flow`) parsing and planning were about 45% of
 * PostgreSQL's CPU; prepared, its CPU per order fell by a third (decision 020).
 *
 * Bounds: at most `MAX_PREPARED_STATEMENTS` texts per connection; others run unnamed, as
 * before. The pool retires a connection after an hour (`maxLifetimeSeconds`), which frees its
 * statements, so the ones kept follow what the server runs now. Statements without parameters
 * (`begin`, `commit`, DDL) keep the simple protocol.
 */
import pg from 'pg';
import { whenSettled, type QueryTiming, type QueryTimer } from './query-timing.js';

/** Statement texts one connection prepares at most: the order flow uses about 40. */
export const MAX_PREPARED_STATEMENTS = 200;

/**
 * pg's client settings, and where to report statement times (db/query-timing.ts). The pool
 * hands its own settings to every client it opens, so the pool is given `queryTiming` too.
 */
export interface PreparingClientConfig extends pg.ClientConfig {
  queryTiming?: QueryTiming;
}

/** pg's `Client` with parameterised statements prepared once per connection (see above). */
export class PreparingClient extends pg.Client {
  /** Statement text → the name it was prepared under on this connection. */
  readonly #names = new Map<string, string>();
  readonly #timing: QueryTiming | undefined;

  constructor(config: PreparingClientConfig = {}) {
    super(config);
    this.#timing = config.queryTiming;
  }

  // pg's query() takes a text, a config or a submittable, with a promise or a callback; this
  // forwards every form unchanged except for the added name, and times a plain statement
  // answered by a promise or a callback (Drizzle's form and the pool's).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  override query(config: any, values?: any, callback?: any): any {
    const named = this.#withName(config, values) as typeof config;
    const text: unknown = typeof config === 'string' ? config : config?.text;
    const timer =
      typeof text === 'string' && config.submit === undefined && config.callback === undefined
        ? this.#timing?.start(text)
        : undefined;
    if (!timer) return super.query(named, values, callback);
    if (typeof values === 'function') return super.query(named, reporting(timer, values));
    if (typeof callback === 'function') return super.query(named, values, reporting(timer, callback));
    return whenSettled(timer, super.query(named, values) as Promise<unknown>);
  }

  /**
   * `config` with a statement name when it is a parameterised statement with no name of its
   * own (a string or a query config; a submittable such as a cursor is left as it is).
   */
  #withName(config: unknown, values: unknown): unknown {
    const query: { text?: unknown; values?: unknown; name?: unknown; submit?: unknown } | undefined =
      typeof config === 'string'
        ? { text: config }
        : typeof config === 'object' && config
          ? config
          : undefined;
    if (!query || typeof query.text !== 'string' || query.name !== undefined || query.submit !== undefined) {
      return config;
    }
    const parameters = Array.isArray(values) ? values : query.values;
    if (!Array.isArray(parameters) || parameters.length === 0) return config;
    const name = this.#nameOf(query.text);
    return name === undefined ? config : { ...query, name };
  }

  #nameOf(text: string): string | undefined {
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < MAX_PREPARED_STATEMENTS) {
      name = `festival_${this.#names.size + 1}`;
      this.#names.set(text, name);
    }
    return name;
  }
}

/** `callback`, reporting the statement's time first. */
function reporting<A extends unknown[]>(timer: QueryTimer, callback: (...args: A) => void) {
  return (...args: A) => {
    timer();
    callback(...args);
  };
}
