/**
 * Rows that nearly every request reads and only organizers (or a seed) change — the current
 * edition, the organizer's settings, the reference lists' keys, the ticket types' participant
 * categories — kept in process per database handle so that a checkout or a registration does
 * not read them again (decision 016). A handle's store is a `Cache` under the invalidation's
 * rules (cache/invalidation.ts, decision 026): dropped at once in the process that makes an
 * organizer's change, within milliseconds in the others (LISTEN/NOTIFY on PostgreSQL), and
 * nothing is kept while a process cannot hear the others' changes.
 *
 * Only a handle registered with `keepReadMostly` keeps values (the app's `db`); any other
 * executor — a transaction, whose reads may see its own uncommitted writes, or a script's
 * handle — reads the database every time.
 */
import type { Cache } from '../cache/cache.js';
import type { CacheInvalidation } from '../cache/invalidation.js';
import type { Executor } from './client.js';

/** One handle's read-mostly values, kept as the promises of their loads. */
class ReadMostlyStore implements Cache<unknown> {
  readonly #values = new Map<string, Promise<unknown>>();
  readonly #invalidation: Pick<CacheInvalidation, 'keeping'>;

  constructor(invalidation: Pick<CacheInvalidation, 'keeping'>) {
    this.#invalidation = invalidation;
  }

  getOrFill(key: string, fill: () => Promise<unknown>): Promise<unknown> {
    if (!this.#invalidation.keeping) return fill();
    const kept = this.#values.get(key);
    if (kept) return kept;
    const loading = fill();
    this.#values.set(key, loading);
    loading.catch(() => {
      if (this.#values.get(key) === loading) this.#values.delete(key);
    });
    return loading;
  }

  dropAll(): void {
    // A read still under way goes too: what it reads may predate the change.
    this.#values.clear();
  }
}

const stores = new WeakMap<Executor, ReadMostlyStore>();

/** Lets `db` keep read-mostly values, under `invalidation`'s rules (the app does this for its handle). */
export function keepReadMostly(
  db: Executor,
  invalidation: Pick<CacheInvalidation, 'keeping' | 'register'>,
): void {
  const store = new ReadMostlyStore(invalidation);
  stores.set(db, store);
  invalidation.register(store);
}

/**
 * The value under `key` for `db`: kept from an earlier `load` when `db` keeps values, else
 * `load()`'s. A failed load is not kept.
 */
export function readMostly<T>(db: Executor, key: string, load: () => Promise<T>): Promise<T> {
  const store = stores.get(db);
  // The store keeps what `load` of this key gave, so the value is a T.
  return store ? (store.getOrFill(key, load) as Promise<T>) : load();
}
