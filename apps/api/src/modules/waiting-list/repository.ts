/**
 * Waiting-list rows. The line is `id` order within a ticket type; workers that
 * offer seats lock entries `FOR UPDATE SKIP LOCKED`, so an entry an organizer is changing at
 * that moment is left for the next pass instead of blocking it.
 */
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/search.js';
import { waitingListEntries, waitingListHolds } from '../../db/schema.js';

export type WaitingListEntryRow = typeof waitingListEntries.$inferSelect;
export type NewWaitingListEntryRow = typeof waitingListEntries.$inferInsert;

/** Inserts an entry unless the address has an open one on the type; undefined then. */
export async function insertEntry(
  db: Executor,
  row: NewWaitingListEntryRow,
): Promise<WaitingListEntryRow | undefined> {
  const [inserted] = await db.insert(waitingListEntries).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Open entries (waiting or offered) of a ticket type ahead of entry `id` in line. */
export async function countOpenAhead(db: Executor, ticketTypeId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.ticketTypeId, ticketTypeId),
        inArray(waitingListEntries.status, ['waiting', 'offered']),
        lt(waitingListEntries.id, id),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Locks one entry of an event (FOR UPDATE), waiting for a worker that holds it. */
export async function lockEntry(tx: Executor, eventId: number, id: number) {
  const [row] = await tx
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.eventId, eventId), eq(waitingListEntries.id, id)))
    .for('update');
  return row;
}

/** Waiting entries of a ticket type in line order, locked; entries locked elsewhere are skipped. */
export async function lockWaitingEntries(tx: Executor, ticketTypeId: number) {
  return tx
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.ticketTypeId, ticketTypeId), eq(waitingListEntries.status, 'waiting')))
    .orderBy(asc(waitingListEntries.id))
    .for('update', { skipLocked: true });
}

/** Offered entries of every ticket type, locked; entries locked elsewhere are skipped. */
export async function lockOfferedEntries(tx: Executor) {
  return tx
    .select()
    .from(waitingListEntries)
    .where(eq(waitingListEntries.status, 'offered'))
    .orderBy(asc(waitingListEntries.id))
    .for('update', { skipLocked: true });
}

/** Ticket types that have someone waiting. */
export async function ticketTypesWithWaiting(db: Executor): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: waitingListEntries.ticketTypeId })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.status, 'waiting'));
  return rows.map((row) => row.id);
}

export async function updateEntry(
  db: Executor,
  id: number,
  values: Partial<
    Pick<
      NewWaitingListEntryRow,
      'status' | 'voucherId' | 'offeredAt' | 'offeredUntil' | 'closedAt' | 'offerEmailSentAt'
    >
  >,
): Promise<WaitingListEntryRow> {
  const [row] = await db
    .update(waitingListEntries)
    .set(values)
    .where(eq(waitingListEntries.id, id))
    .returning();
  if (!row) throw new Error(`waiting-list entry ${id} vanished under its lock`);
  return row;
}

/** An entry by id, unlocked (the offer email reads it after commit). */
export async function findEntry(db: Executor, id: number) {
  const [row] = await db.select().from(waitingListEntries).where(eq(waitingListEntries.id, id));
  return row;
}

/** Every entry of an event, by ticket type and line order. */
export async function listEntries(db: Executor, eventId: number) {
  return db
    .select()
    .from(waitingListEntries)
    .where(eq(waitingListEntries.eventId, eventId))
    .orderBy(asc(waitingListEntries.ticketTypeId), asc(waitingListEntries.id));
}

/** Hold hours set per ticket type (types without a row use the default). */
export async function findHolds(db: Executor, ticketTypeIds: number[]): Promise<Map<number, number>> {
  if (ticketTypeIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(waitingListHolds)
    .where(inArray(waitingListHolds.ticketTypeId, ticketTypeIds));
  return new Map(rows.map((row) => [row.ticketTypeId, row.holdHours]));
}

export async function upsertHold(db: Executor, ticketTypeId: number, holdHours: number, now: Date) {
  await db
    .insert(waitingListHolds)
    .values({ ticketTypeId, holdHours, updatedAt: now })
    .onConflictDoUpdate({
      target: waitingListHolds.ticketTypeId,
      set: { holdHours: sql`excluded.hold_hours`, updatedAt: now },
    });
}

/** Every entry under `email` (case-blind, all editions), locked for update. */
export async function lockEntriesOfEmail(tx: Executor, email: string): Promise<WaitingListEntryRow[]> {
  return tx
    .select()
    .from(waitingListEntries)
    .where(sql`lower(${waitingListEntries.email}) = lower(${email})`)
    .for('update');
}

/**
 * Replaces the name and email of entries `ids` by `Erased` and an undeliverable
 * `erased-<id>@erased.invalid`; an open one (waiting or offered) is closed as removed at `now`.
 */
export async function eraseEntries(tx: Executor, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const open = sql`${waitingListEntries.status} in ('waiting', 'offered')`;
  await tx
    .update(waitingListEntries)
    .set({
      name: 'Erased',
      email: sql`'erased-' || ${waitingListEntries.id} || '@erased.invalid'`,
      status: sql`case when ${open} then 'removed' else ${waitingListEntries.status} end`,
      closedAt: sql`case when ${open} then ${now.toISOString()}::timestamptz else ${waitingListEntries.closedAt} end`,
    })
    .where(inArray(waitingListEntries.id, [...ids]));
}

export interface WaitingListLengthRecord {
  ticket_type_id: number;
  ticket_name: string;
  status: string;
  entries: number;
  seats: number;
}

/** Edition `eventId`'s waiting-list entries and the seats they ask for, by ticket type and status. */
export async function waitingListLengths(db: Executor, eventId: number) {
  const result = await db.execute(sql`
    select e.ticket_type_id, t.name as ticket_name, e.status,
           count(*)::int as entries, sum(e.quantity)::int as seats
      from waiting_list_entries e
      join ticket_types t on t.id = e.ticket_type_id
     where e.event_id = ${eventId}
     group by e.ticket_type_id, t.name, e.status
     order by t.name, e.status`);
  return rowsOf<WaitingListLengthRecord>(result);
}
