/**
 * Rows that nearly every request reads and only organizers (or a seed) change — the current
 * edition, the organizer's settings, the reference lists' keys, the ticket types' participant
 * categories — kept in process per database handle so that a checkout or a registration does
 * not read them again (decision 016). They are dropped with the
 * public-read cache (plugins/public-cache.ts, decision 010): at once in the process that
 * makes an organizer's change, within milliseconds in the others (LISTEN/NOTIFY on
 * PostgreSQL), and nothing is kept while a process cannot hear the others' changes.
 *
 * Only a handle the public-read cache has registered keeps values (the app's `db`); any other
 * executor — a transaction, whose reads may see its own uncommitted writes, or a script's
 * handle — reads the database every time.
 */
import type { Executor } from './client.js';

interface Store {
  /** False while the process cannot hear other processes' changes. */
  enabled: boolean;
  values: Map<string, Promise<unknown>>;
}

const stores = new WeakMap<Executor, Store>();

/**
 * Lets `db` keep read-mostly values (the public-read cache does this for the app's handle),
 * or stops it and drops what it holds (`enabled` false).
 */
export function keepReadMostly(db: Executor, enabled: boolean): void {
  const store = stores.get(db);
  if (!store) {
    stores.set(db, { enabled, values: new Map() });
    return;
  }
  store.enabled = enabled;
  forgetReadMostly(db);
}

/** Drops every value `db` keeps (an organizer changed something, or may have). */
export function forgetReadMostly(db: Executor): void {
  // A read still under way goes too: what it reads may predate the change.
  stores.get(db)?.values.clear();
}

/**
 * The value under `key` for `db`: kept from an earlier `load` when `db` keeps values, else
 * `load()`'s. A failed load is not kept.
 */
export function readMostly<T>(db: Executor, key: string, load: () => Promise<T>): Promise<T> {
  const store = stores.get(db);
  if (!store?.enabled) return load();
  const kept = store.values.get(key);
  if (kept) return kept as Promise<T>;
  const loading = load();
  store.values.set(key, loading);
  loading.catch(() => {
    if (store.values.get(key) === loading) store.values.delete(key);
  });
  return loading;
}
