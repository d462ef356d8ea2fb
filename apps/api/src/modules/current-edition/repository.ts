/**
 * The query of which edition is current. Every function takes `db: Executor`, the database or
 * an open transaction.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';

export type Event = typeof events.$inferSelect;

/** Events ordered current edition first (see `getCurrentEvent`). */
const CURRENT_FIRST = [sql`${events.currentSince} desc nulls last`, desc(events.startsAt)];

/**
 * The current edition's id as a subquery (see `getCurrentEvent`), for a query that needs it
 * without a round trip of its own.
 */
export function currentEventIdQuery(db: Executor) {
  return db
    .select({ id: events.id })
    .from(events)
    .orderBy(...CURRENT_FIRST)
    .limit(1);
}

/**
 * The edition registrations and ticket sales belong to and the site shows: the one organizers
 * made current last, else the event with the latest start.
 * @throws NotFoundError when no event exists (the seed always creates one).
 */
export async function getCurrentEvent(db: Executor): Promise<Event> {
  const [event] = await db
    .select()
    .from(events)
    .orderBy(...CURRENT_FIRST)
    .limit(1);
  if (!event) throw new NotFoundError('No festival edition is open for registration.');
  return event;
}

/** Every edition, the current one first, then by start, latest first: the console's edition switcher. */
export async function editionsCurrentFirst(db: Executor): Promise<Pick<Event, 'id' | 'name' | 'startsAt'>[]> {
  return db
    .select({ id: events.id, name: events.name, startsAt: events.startsAt })
    .from(events)
    .orderBy(...CURRENT_FIRST);
}

/** One edition's row by id; undefined when there is none. */
export async function findEvent(db: Executor, id: number): Promise<Event | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, id));
  return event;
}
