/**
 * What every in-process cache of database data is to the rest of the app: values by key,
 * filled from the database on a miss, and emptied by the invalidation (cache/invalidation.ts,
 * decision 026), which alone decides when. A cache never drops values on its own account except
 * by age or size.
 */

/** A cache of database data that `cache/invalidation.ts` empties. */
export interface Cache<V> {
  /**
   * The value kept under `key`, or `fill()`'s, kept for the next caller when the invalidation
   * lets caches keep values and no drop came while it ran. Concurrent callers of one key share
   * one fill. A rejected fill is not kept; its error reaches every caller that waited on it.
   */
  getOrFill(key: string, fill: () => Promise<V>): Promise<V>;
  /** Drops every value, and keeps out whatever a fill under way is reading (it may predate a change). */
  dropAll(): void;
  /** Drops the values that change with orders (seat counts); a cache that keeps none leaves this out. */
  dropFollowingOrders?(): void;
}
