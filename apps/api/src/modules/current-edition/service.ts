/**
 * Which edition is current: the one made current last (`events.current_since`, set when the
 * console creates the next edition or the first start seeds one), else the edition that starts
 * last. Registrations, ticket sales, the site's pages, the console's lists and the periodic jobs
 * work on it.
 *
 * A module of its own, importing no other: nearly every module reads the current edition,
 * including `tickets`, which `editions` calls to copy ticket types into a new edition, so the
 * lookup cannot live in `editions` without a cycle between modules (decision 022). What the
 * console edits about an edition stays in `editions`.
 */
import type { Executor } from '../../db/client.js';
import { readMostly } from '../../db/read-mostly.js';
import * as repository from './repository.js';

export { currentEventIdQuery, type Event } from './repository.js';

/**
 * The current edition's row. Kept in process between organizers' changes when `db` is the
 * app's handle (db/read-mostly.ts, decision 016): nearly every request reads it and only an
 * organizer (or the seed) changes it; a transaction, or any other executor, reads it afresh.
 * @throws NotFoundError when no event exists (the seed always creates one).
 */
export function getCurrentEvent(db: Executor): Promise<repository.Event> {
  return readMostly(db, 'current-event', () => repository.getCurrentEvent(db));
}

/** Every edition (id, name, start), the current one first: what the console's edition switcher offers. */
export function editionsCurrentFirst(db: Executor) {
  return repository.editionsCurrentFirst(db);
}

/**
 * One edition's row by id (undefined when there is none): for what belongs to an edition that
 * may no longer be current, such as an email about a waiting-list entry or an order.
 */
export function getEvent(db: Executor, id: number): Promise<repository.Event | undefined> {
  return repository.findEvent(db, id);
}
