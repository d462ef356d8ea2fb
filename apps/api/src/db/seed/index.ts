/**
 * Seeds reference data on every start (server.ts, the `db:seed` command and tests). Safe to
 * repeat: rows are matched by their natural keys, missing ones are inserted, and nothing a
 * user or organiser created is changed or deleted. Editions are seeded only into an empty
 * table (`seedEditions`), with their ticket types, so an organiser's later edits, renames and
 * deletions survive restarts.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { STARTUP_LOCK_KEY, type Database, type Executor } from '../client.js';
import { events, industryCategories, participantCategories, startupStages, ticketTypes } from '../schema.js';
import {
  EVENT_2024,
  INDUSTRY_CATEGORIES,
  PARTICIPANT_CATEGORIES,
  STARTUP_STAGES,
  TICKET_TYPES_2024,
  nextEdition,
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

type EditionSeed = typeof EVENT_2024 & { currentSince: Date | null };

/** Inserts an edition with the seed's ticket types; returns its id. */
async function insertEdition(db: Executor, edition: EditionSeed): Promise<number> {
  const [event] = await db.insert(events).values(edition).returning({ id: events.id });
  // Cheapest first within each category, the order the ticket dialog lists them in.
  const rows = TICKET_TYPES_2024.map((ticket) => ({
    ...ticket,
    eventId: event!.id,
    sortOrder:
      TICKET_TYPES_2024.filter(
        (other) =>
          other.participantCategoryId === ticket.participantCategoryId && other.amount < ticket.amount,
      ).length + 1,
  }));
  await db.insert(ticketTypes).values(rows);
  return event!.id;
}

/**
 * The editions of a fresh install, when the table has none: the spec's 2024 edition, and the
 * next edition (`nextEdition(now)`), made current, so passes are on sale whatever the date;
 * when the next edition is 2024's own, that one edition, made current. Returns the 2024
 * edition's id, which the sample content belongs to, and whether the install is fresh. Once any
 * edition exists they and their ticket types are the organizers': nothing is added, renamed or
 * brought back, and the pages' content goes to the 2024 edition (else the earliest).
 */
async function seedEditions(db: Executor, now: Date): Promise<{ edition2024: number; fresh: boolean }> {
  const existing = await db
    .select({ id: events.id, slug: events.slug })
    .from(events)
    .orderBy(events.startsAt);
  const [first] = existing;
  if (first)
    return { edition2024: (existing.find((row) => row.slug === EVENT_2024.slug) ?? first).id, fresh: false };
  const next = nextEdition(now);
  if (next.slug === EVENT_2024.slug) {
    return { edition2024: await insertEdition(db, { ...EVENT_2024, currentSince: now }), fresh: true };
  }
  const edition2024 = await insertEdition(db, { ...EVENT_2024, currentSince: null });
  await insertEdition(db, { ...next, currentSince: now });
  return { edition2024, fresh: true };
}

/**
 * Seeds all reference data in one transaction. The transaction first takes the startup
 * advisory lock (released at commit), so processes starting together seed one after another
 * and each later one finds the rows in place; some steps check before they insert. `now` is
 * the app's clock (`app.now()`), which picks the edition a fresh install sells.
 */
export async function seed(db: Database, log: FastifyBaseLogger, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${STARTUP_LOCK_KEY}::bigint)`);
    await seedParticipantCategories(tx);
    await seedSortedNames(tx, industryCategories, INDUSTRY_CATEGORIES);
    await seedSortedNames(tx, startupStages, STARTUP_STAGES);
    const { edition2024, fresh } = await seedEditions(tx, now);
    await seedGeography(tx, log);
    await seedContent(
      tx,
      edition2024,
      await tx
        .select({ name: events.name, venue: events.venue, startsAt: events.startsAt, endsAt: events.endsAt })
        .from(events),
    );
    // Samples only on a fresh install: once the owner removes them they stay removed.
    if (fresh) await seedContentCollections(tx, edition2024);
  });
  log.debug('reference data seeded');
}
