/**
 * Seeds reference data on every start (server.ts, the `db:seed` command and tests). Safe to
 * repeat: rows are matched by their natural keys, missing ones are inserted, and nothing a
 * user or organiser created is changed or deleted. The event is inserted when missing and its
 * ticket types with it, so an organiser's later edits, renames and deletions survive restarts.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { STARTUP_LOCK_KEY, type Database, type Executor } from '../client.js';
import { events, industryCategories, participantCategories, startupStages, ticketTypes } from '../schema.js';
import {
  EVENT_2024,
  INDUSTRY_CATEGORIES,
  PARTICIPANT_CATEGORIES,
  STARTUP_STAGES,
  TICKET_TYPES_2024,
} from './data.js';
import { seedContent } from './content.js';
import { seedContentCollections } from './content-collections.js';
import { seedGeography } from './geography.js';

async function seedParticipantCategories(db: Executor) {
  await db
    .insert(participantCategories)
    .values(PARTICIPANT_CATEGORIES)
    .onConflictDoUpdate({ target: participantCategories.id, set: { name: sql`excluded.name` } });
}

/** Named lists whose order is their position in the seed list. */
async function seedSortedNames(
  db: Executor,
  table: typeof industryCategories | typeof startupStages,
  names: string[],
) {
  await db
    .insert(table)
    .values(names.map((name, index) => ({ name, sortOrder: index + 1 })))
    .onConflictDoUpdate({ target: table.name, set: { sortOrder: sql`excluded.sort_order` } });
}

/**
 * Inserts the 2024 edition, and its ticket types with it; returns its id. Once the edition exists its ticket
 * types are the organizers' (issue 8): a type they renamed or deleted is not seeded again.
 */
async function seedEvent(db: Executor): Promise<number> {
  const [event] = await db
    .insert(events)
    .values(EVENT_2024)
    .onConflictDoNothing({ target: events.slug })
    .returning({ id: events.id });
  if (!event) {
    const [existing] = await db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.slug, EVENT_2024.slug));
    return existing!.id;
  }
  // Cheapest first within each category, the order the ticket dialog lists them in.
  const rows = TICKET_TYPES_2024.map((ticket) => ({
    ...ticket,
    eventId: event.id,
    sortOrder:
      TICKET_TYPES_2024.filter(
        (other) =>
          other.participantCategoryId === ticket.participantCategoryId && other.amount < ticket.amount,
      ).length + 1,
  }));
  await db.insert(ticketTypes).values(rows);
  return event.id;
}

/**
 * Seeds all reference data in one transaction. The transaction first takes the startup
 * advisory lock (released at commit), so processes starting together seed one after another
 * and each later one finds the rows in place; some steps check before they insert.
 */
export async function seed(db: Database, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${STARTUP_LOCK_KEY}::bigint)`);
    await seedParticipantCategories(tx);
    await seedSortedNames(tx, industryCategories, INDUSTRY_CATEGORIES);
    await seedSortedNames(tx, startupStages, STARTUP_STAGES);
    const edition2024 = await seedEvent(tx);
    await seedGeography(tx, log);
    await seedContent(tx, edition2024);
    await seedContentCollections(tx, edition2024);
  });
  log.debug('reference data seeded');
}
