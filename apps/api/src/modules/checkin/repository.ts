/** Check-in lists and scans. Drizzle only; methods take `tx ?? db`. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/search.js';
import {
  checkinChanges,
  checkinListTicketTypes,
  checkinLists,
  checkins,
  events,
  lineOfPass,
  orderLines,
  orders,
  passes,
  registrations,
  ticketTypes,
} from '../../db/schema.js';

/** A check-in list with the ids of the ticket types it admits (its checkin_list_ticket_types rows), ascending. */
export type CheckinListRow = typeof checkinLists.$inferSelect & { ticketTypeIds: number[] };
export type NewCheckinListRow = typeof checkinLists.$inferInsert & { ticketTypeIds: number[] };
export type CheckinRow = typeof checkins.$inferSelect;
export type NewCheckinRow = typeof checkins.$inferInsert;

/** A list's columns and, as `ticketTypeIds`, its ticket types' ids in ascending order. */
const listFields = {
  ...getTableColumns(checkinLists),
  ticketTypeIds: sql<
    number[]
  >`array(select ${checkinListTicketTypes.ticketTypeId} from ${checkinListTicketTypes} where ${checkinListTicketTypes.checkinListId} = ${checkinLists.id} order by 1)`,
};

export async function listCheckinLists(db: Executor, eventId: number): Promise<CheckinListRow[]> {
  return db
    .select(listFields)
    .from(checkinLists)
    .where(eq(checkinLists.eventId, eventId))
    .orderBy(asc(checkinLists.id));
}

export async function findCheckinList(db: Executor, id: number): Promise<CheckinListRow | undefined> {
  const [row] = await db.select(listFields).from(checkinLists).where(eq(checkinLists.id, id));
  return row;
}

/**
 * Makes `ticketTypeIds` the ticket types of list `listId` of edition `eventId`. One of another
 * edition fails with the foreign key `checkin_list_ticket_types_same_edition_fk` (the service
 * checks first and says so).
 */
async function setListTicketTypes(tx: Executor, listId: number, eventId: number, ticketTypeIds: number[]) {
  await tx.delete(checkinListTicketTypes).where(eq(checkinListTicketTypes.checkinListId, listId));
  const ids = [...new Set(ticketTypeIds)];
  if (ids.length === 0) return;
  await tx
    .insert(checkinListTicketTypes)
    .values(ids.map((ticketTypeId) => ({ checkinListId: listId, ticketTypeId, eventId })));
}

export async function insertCheckinList(tx: Executor, row: NewCheckinListRow): Promise<CheckinListRow> {
  const { ticketTypeIds, ...columns } = row;
  const [created] = await tx.insert(checkinLists).values(columns).returning({ id: checkinLists.id });
  await setListTicketTypes(tx, created!.id, row.eventId, ticketTypeIds);
  return (await findCheckinList(tx, created!.id))!;
}

export async function updateCheckinList(
  tx: Executor,
  id: number,
  changes: Partial<NewCheckinListRow>,
): Promise<CheckinListRow> {
  const { ticketTypeIds, ...columns } = changes;
  const [updated] = Object.keys(columns).length
    ? await tx.update(checkinLists).set(columns).where(eq(checkinLists.id, id)).returning()
    : await tx.select().from(checkinLists).where(eq(checkinLists.id, id));
  if (ticketTypeIds) await setListTicketTypes(tx, id, updated!.eventId, ticketTypeIds);
  return (await findCheckinList(tx, id))!;
}

export async function deleteCheckinList(tx: Executor, id: number) {
  await tx.delete(checkinLists).where(eq(checkinLists.id, id));
}

export async function countScansOfList(db: Executor, listId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(checkins).where(eq(checkins.listId, listId));
  return row?.n ?? 0;
}

/** Ticket type ids of an event among `ids`. */
export async function ticketTypeIdsOfEvent(db: Executor, eventId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, ids)));
  return rows.map((row) => row.id);
}

const passFields = {
  id: passes.id,
  code: passes.code,
  eventId: passes.eventId,
  revokedAt: passes.revokedAt,
  checkedInAt: passes.checkedInAt,
  orderStatus: orders.status,
  ticketTypeId: orderLines.ticketTypeId,
  ticketTypeName: ticketTypes.name,
  name: registrations.name,
};

export type PassForCheckin = Awaited<ReturnType<typeof findPassForCheckin>>;

/** A pass with what the gate needs to decide, by id or code. */
export async function findPassForCheckin(db: Executor, where: { id: string } | { code: string }) {
  const [row] = await db
    .select(passFields)
    .from(passes)
    .innerJoin(orders, eq(orders.id, passes.orderId))
    .innerJoin(orderLines, lineOfPass())
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .innerJoin(registrations, eq(registrations.id, passes.registrationId))
    .where('id' in where ? eq(passes.id, where.id) : eq(passes.code, where.code));
  return row;
}

/**
 * What a redeem decides on, in one query: the list, its edition's dates, whether that edition is
 * the current one (`currentEventId`, a subquery giving its id) and, when `where` names a pass,
 * the pass as `findPassForCheckin` reads it (null when there is none). Undefined when the list
 * does not exist. With `lockPass` (in a transaction) the pass's row is locked (FOR UPDATE), so
 * redeems of one pass run one after another.
 */
export async function findScanContext(
  db: Executor,
  listId: number,
  where: { id: string } | { code: string } | undefined,
  currentEventId: SQLWrapper,
  options: { lockPass: boolean },
) {
  const passOn = !where ? sql`false` : 'id' in where ? eq(passes.id, where.id) : eq(passes.code, where.code);
  const locked = db
    .$with('locked_pass')
    .as(db.select({ id: passes.id }).from(passes).where(passOn).for('update'));
  const query = options.lockPass && where ? db.with(locked) : db;
  const [row] = await query
    .select({
      list: listFields,
      edition: { startsAt: events.startsAt, endsAt: events.endsAt },
      isCurrent: sql<boolean>`${checkinLists.eventId} = (${currentEventId})`,
      pass: passFields,
    })
    .from(checkinLists)
    .innerJoin(events, eq(events.id, checkinLists.eventId))
    .leftJoin(
      passes,
      options.lockPass && where ? sql`${passes.id} = (select ${locked.id} from ${locked})` : passOn,
    )
    .leftJoin(orders, eq(orders.id, passes.orderId))
    .leftJoin(orderLines, lineOfPass())
    .leftJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .leftJoin(registrations, eq(registrations.id, passes.registrationId))
    .where(eq(checkinLists.id, listId));
  if (!row) return undefined;
  // The joins are inner ones in `findPassForCheckin`: a pass lacking any of them is none.
  const pass =
    row.pass?.id && row.pass.orderStatus && row.pass.ticketTypeName && row.pass.name ? row.pass : null;
  return { ...row, pass: pass as PassForCheckin | null };
}

export async function findCheckinByNonce(db: Executor, nonce: string): Promise<CheckinRow | undefined> {
  const [row] = await db.select().from(checkins).where(eq(checkins.nonce, nonce));
  return row;
}

/** Admitted scans (result ok) of a pass on a list, newest first. */
export async function admittedScans(db: Executor, listId: number, passId: string): Promise<CheckinRow[]> {
  return db
    .select()
    .from(checkins)
    .where(and(eq(checkins.listId, listId), eq(checkins.passId, passId), eq(checkins.result, 'ok')))
    .orderBy(desc(checkins.scannedAt), desc(checkins.receivedAt));
}

/** Inserts a scan unless its nonce is known; undefined when it was. */
export async function insertCheckin(tx: Executor, row: NewCheckinRow): Promise<CheckinRow | undefined> {
  const [created] = await tx
    .insert(checkins)
    .values(row)
    .onConflictDoNothing({ target: checkins.nonce })
    .returning();
  return created;
}

/**
 * Decides and records an admission scan of a pass locked by `findScanContext` (in the same
 * transaction, so this statement sees every admission committed before). An entry meets the
 * earlier admission that makes it a second one, if any: on a list without re-entry the first
 * admitted entry, with re-entry the latest admitted scan when it is an entry. With one, the scan
 * is recorded as `already_redeemed`, or as admitted with `conflict` when the gate was offline
 * (it let the person in). Without one (and for an exit) it is admitted, and an entry marks the
 * pass's first check-in. One statement, as the gate's queue waits on round trips.
 * @returns whether the scan was recorded (false: its nonce was known), and the earlier admission
 */
export async function recordAdmission(
  tx: Executor,
  scan: Omit<NewCheckinRow, 'result' | 'conflict' | 'passId'> & {
    passId: string;
    direction: 'entry' | 'exit';
    offline: boolean;
    allowReentry: boolean;
  },
): Promise<{ recorded: boolean; earlier: { at: Date; gate: string } | null }> {
  const ofPass = sql`list_id = ${scan.listId} and pass_id = ${scan.passId} and result = 'ok'`;
  const earlier =
    scan.direction === 'exit'
      ? sql`select null::timestamptz as scanned_at, null::text as gate where false`
      : scan.allowReentry
        ? sql`select scanned_at, gate from (
              select scanned_at, gate, direction from checkins where ${ofPass}
              order by scanned_at desc, received_at desc limit 1) latest
            where direction = 'entry'`
        : sql`select scanned_at, gate from checkins where ${ofPass} and direction = 'entry'
            order by scanned_at, received_at limit 1`;
  const result = await tx.execute(sql`
    with earlier as (${earlier}),
    decided as (
      select e.scanned_at is not null as repeated from (select 1) one left join earlier e on true
    ),
    inserted as (
      insert into checkins (list_id, pass_id, nonce, direction, result, gate, organizer_id,
                            scanned_at, received_at, offline, conflict)
      select ${scan.listId}, ${scan.passId}::uuid, ${scan.nonce}, ${scan.direction},
             case when repeated and not ${scan.offline} then 'already_redeemed' else 'ok' end,
             ${scan.gate ?? ''}, ${scan.organizerId ?? null}, ${scan.scannedAt}::timestamptz,
             ${scan.receivedAt}::timestamptz, ${scan.offline}, repeated and ${scan.offline}
      from decided
      on conflict (nonce) do nothing
      returning result, conflict
    ),
    marked as (
      update passes set checked_in_at = ${scan.scannedAt}::timestamptz
      where id = ${scan.passId}::uuid and checked_in_at is null and ${scan.direction} = 'entry'
        and exists (select 1 from inserted where result = 'ok' and not conflict)
    )
    select (select count(*) from inserted)::int as recorded, e.scanned_at, e.gate
    from (select 1) one left join earlier e on true`);
  const [row] = rowsOf<{ recorded: number; scanned_at: Date | string | null; gate: string | null }>(result);
  return {
    recorded: row!.recorded > 0,
    earlier: row!.scanned_at ? { at: new Date(row!.scanned_at), gate: row!.gate ?? '' } : null,
  };
}

/** Admitted scans of a list, one per pass: its latest (which says whether the pass is inside). */
function latestAdmittedScans(db: Executor, listId: number) {
  return db
    .selectDistinctOn([checkins.passId], {
      passId: checkins.passId,
      direction: checkins.direction,
    })
    .from(checkins)
    .where(and(eq(checkins.listId, listId), eq(checkins.result, 'ok')))
    .orderBy(checkins.passId, desc(checkins.scannedAt), desc(checkins.receivedAt))
    .as('latest');
}

/** Pass ids whose latest admitted scan on the list is an entry. */
export async function passesInside(db: Executor, listId: number): Promise<string[]> {
  const latest = latestAdmittedScans(db, listId);
  const rows = await db.select({ passId: latest.passId }).from(latest).where(eq(latest.direction, 'entry'));
  return rows.map((row) => row.passId!);
}

/** Pass ids with an admitted entry on the list. */
export async function passesEntered(db: Executor, listId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ passId: checkins.passId })
    .from(checkins)
    .where(and(eq(checkins.listId, listId), eq(checkins.result, 'ok'), eq(checkins.direction, 'entry')));
  return rows.map((row) => row.passId!);
}

/** Passes admitted (distinct), inside now, and conflicting offline scans, of a list. */
export async function listTotals(db: Executor, listId: number) {
  const [admitted] = await db
    .select({
      checkedIn:
        sql<number>`count(distinct ${checkins.passId}) filter (where ${checkins.direction} = 'entry')`.mapWith(
          Number,
        ),
      conflicts: sql<number>`count(*) filter (where ${checkins.conflict})`.mapWith(Number),
    })
    .from(checkins)
    .where(and(eq(checkins.listId, listId), eq(checkins.result, 'ok')));
  const latest = latestAdmittedScans(db, listId);
  const [inside] = await db.select({ n: count() }).from(latest).where(eq(latest.direction, 'entry'));
  return { checkedIn: admitted?.checkedIn ?? 0, conflicts: admitted?.conflicts ?? 0, inside: inside?.n ?? 0 };
}

/** Scans per check-in list and result (`ok` or a refusal reason), over every list. */
export async function scansByListAndResult(db: Executor) {
  return db
    .select({ listId: checkinLists.id, list: checkinLists.name, result: checkins.result, scans: count() })
    .from(checkins)
    .innerJoin(checkinLists, eq(checkinLists.id, checkins.listId))
    .groupBy(checkinLists.id, checkinLists.name, checkins.result);
}

/** Admitted entries and exits of a list per gate. */
export async function countsByGate(db: Executor, listId: number) {
  return db
    .select({
      gate: checkins.gate,
      entries: sql<number>`count(*) filter (where ${checkins.direction} = 'entry')`.mapWith(Number),
      exits: sql<number>`count(*) filter (where ${checkins.direction} = 'exit')`.mapWith(Number),
    })
    .from(checkins)
    .where(and(eq(checkins.listId, listId), eq(checkins.result, 'ok')))
    .groupBy(checkins.gate)
    .orderBy(checkins.gate);
}

/** Admitted entries and exits of a list per hour of the scan, Asia/Kolkata (`YYYY-MM-DDTHH:00`). */
export async function countsByHour(db: Executor, listId: number) {
  const hour = sql<string>`to_char(${checkins.scannedAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD"T"HH24:00')`;
  return db
    .select({
      hour,
      entries: sql<number>`count(*) filter (where ${checkins.direction} = 'entry')`.mapWith(Number),
      exits: sql<number>`count(*) filter (where ${checkins.direction} = 'exit')`.mapWith(Number),
    })
    .from(checkins)
    .where(and(eq(checkins.listId, listId), eq(checkins.result, 'ok')))
    .groupBy(hour)
    .orderBy(hour);
}

/** Offline scans that admitted a pass already in, newest first. */
export async function conflictScans(db: Executor, listId: number) {
  return db
    .select({
      passCode: passes.code,
      attendeeName: registrations.name,
      at: checkins.scannedAt,
      gate: checkins.gate,
    })
    .from(checkins)
    .innerJoin(passes, eq(passes.id, checkins.passId))
    .innerJoin(registrations, eq(registrations.id, passes.registrationId))
    .where(and(eq(checkins.listId, listId), eq(checkins.conflict, true)))
    .orderBy(desc(checkins.scannedAt))
    .limit(200);
}

/**
 * Valid passes of paid orders of an event with these ticket types (the scanner's offline list):
 * what a steward needs to tell and greet a holder (name, ticket type, code), no contact details.
 */
export async function passesForSync(db: Executor, eventId: number, ticketTypeIds: number[]) {
  return db
    .select({
      id: passes.id,
      code: passes.code,
      name: registrations.name,
      ticketTypeId: orderLines.ticketTypeId,
      ticketTypeName: ticketTypes.name,
    })
    .from(passes)
    .innerJoin(orders, eq(orders.id, passes.orderId))
    .innerJoin(orderLines, lineOfPass())
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .innerJoin(registrations, eq(registrations.id, passes.registrationId))
    .where(
      and(
        eq(passes.eventId, eventId),
        isNull(passes.revokedAt),
        eq(orders.status, 'paid'),
        inArray(orderLines.ticketTypeId, ticketTypeIds),
      ),
    )
    .orderBy(asc(registrations.name));
}

/**
 * Ids of an event's passes, not revoked, that a list of these ticket types does not admit: of
 * another ticket type or of an order not paid (all `passesForSync` leaves out but the revoked).
 * A pass without an order line counts as not admitted.
 */
export async function passIdsNotOnList(db: Executor, eventId: number, ticketTypeIds: number[]) {
  const admitted = and(eq(orders.status, 'paid'), inArray(orderLines.ticketTypeId, ticketTypeIds));
  const rows = await db
    .select({ id: passes.id })
    .from(passes)
    .leftJoin(orders, eq(orders.id, passes.orderId))
    .leftJoin(orderLines, lineOfPass())
    .where(and(eq(passes.eventId, eventId), isNull(passes.revokedAt), sql`not coalesce(${admitted}, false)`));
  return rows.map((row) => row.id);
}

/** Ids of an event's revoked passes (the revocation list). */
export async function revokedPassIds(db: Executor, eventId: number): Promise<string[]> {
  const rows = await db
    .select({ id: passes.id })
    .from(passes)
    .where(and(eq(passes.eventId, eventId), isNotNull(passes.revokedAt)));
  return rows.map((row) => row.id);
}

/**
 * Passes of an event whose holder's name or pass code contains `query`, or whose holder's email
 * is `query` (whole, any case: a steward may look up the address a visitor gives, but not list
 * addresses by a fragment), with their first entry on the list.
 */
export async function searchAttendees(
  db: Executor,
  eventId: number,
  listId: number,
  query: string,
  limit: number,
) {
  const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const firstEntry = db
    .select({ passId: checkins.passId, at: sql<Date>`min(${checkins.scannedAt})`.as('first_at') })
    .from(checkins)
    .where(and(eq(checkins.listId, listId), eq(checkins.result, 'ok'), eq(checkins.direction, 'entry')))
    .groupBy(checkins.passId)
    .as('first_entry');
  return db
    .select({
      id: passes.id,
      passCode: passes.code,
      registrationId: registrations.id,
      name: registrations.name,
      ticketTypeName: ticketTypes.name,
      revokedAt: passes.revokedAt,
      arrivedAt: firstEntry.at,
    })
    .from(passes)
    .innerJoin(orders, eq(orders.id, passes.orderId))
    .innerJoin(orderLines, lineOfPass())
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .innerJoin(registrations, eq(registrations.id, passes.registrationId))
    .leftJoin(firstEntry, eq(firstEntry.passId, passes.id))
    .where(
      and(
        eq(passes.eventId, eventId),
        or(
          ilike(registrations.name, pattern),
          sql`lower(${registrations.email}) = lower(${query})`,
          ilike(passes.code, pattern),
        ),
      ),
    )
    .orderBy(asc(registrations.name))
    .limit(limit);
}

/**
 * This transaction's snapshot as text (`xmin:xmax:in-progress ids`, PostgreSQL's pg_snapshot),
 * the scanner's sync cursor: a change is in what the snapshot reads exactly when its transaction
 * id is visible in it. Call first in a repeatable-read transaction, so the snapshot is the one
 * its later reads use.
 */
export async function currentSnapshot(tx: Executor): Promise<string> {
  const result = await tx.execute(sql`select pg_current_snapshot()::text as snapshot`);
  return rowsOf<{ snapshot: string }>(result)[0]!.snapshot;
}

/** A pg_snapshot as text, and its xmin (every older transaction is visible in it). */
export interface SyncSnapshot {
  text: string;
  xmin: number;
}

/** Passes of an event changed by transactions not visible in `snapshot` (see `checkinChanges`). */
function changedPasses(db: Executor, eventId: number, snapshot: SyncSnapshot) {
  return db
    .selectDistinct({ passId: checkinChanges.passId })
    .from(checkinChanges)
    .where(
      and(
        eq(checkinChanges.eventId, eventId),
        gte(checkinChanges.xid, snapshot.xmin),
        sql`not pg_visible_in_snapshot(${checkinChanges.xid}::text::xid8, ${snapshot.text}::pg_snapshot)`,
      ),
    )
    .as('changed');
}

/**
 * The current state of the event's passes changed since `snapshot`: the pass with its holder,
 * ticket type and order status, or only its id when it no longer exists.
 */
export async function passChangesSince(db: Executor, eventId: number, snapshot: SyncSnapshot) {
  const changed = changedPasses(db, eventId, snapshot);
  return db
    .select({
      id: changed.passId,
      code: passes.code,
      revokedAt: passes.revokedAt,
      orderStatus: orders.status,
      name: registrations.name,
      ticketTypeId: orderLines.ticketTypeId,
      ticketTypeName: ticketTypes.name,
    })
    .from(changed)
    .leftJoin(passes, eq(passes.id, changed.passId))
    .leftJoin(orders, eq(orders.id, passes.orderId))
    .leftJoin(orderLines, lineOfPass())
    .leftJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .leftJoin(registrations, eq(registrations.id, passes.registrationId));
}

/**
 * Of the event's passes changed since `snapshot`, those a new entry on the list refuses: inside
 * now (re-entry allowed) or ever admitted (no re-entry), as `passesInside` and `passesEntered`.
 */
export async function enteredAmongChanged(
  db: Executor,
  list: Pick<CheckinListRow, 'id' | 'eventId' | 'allowReentry'>,
  snapshot: SyncSnapshot,
): Promise<string[]> {
  const changed = changedPasses(db, list.eventId, snapshot);
  const admitted = and(eq(checkins.listId, list.id), eq(checkins.result, 'ok'));
  if (!list.allowReentry) {
    const rows = await db
      .selectDistinct({ passId: checkins.passId })
      .from(checkins)
      .innerJoin(changed, eq(changed.passId, checkins.passId))
      .where(and(admitted, eq(checkins.direction, 'entry')));
    return rows.map((row) => row.passId!);
  }
  const latest = db
    .selectDistinctOn([checkins.passId], { passId: checkins.passId, direction: checkins.direction })
    .from(checkins)
    .innerJoin(changed, eq(changed.passId, checkins.passId))
    .where(admitted)
    .orderBy(checkins.passId, desc(checkins.scannedAt), desc(checkins.receivedAt))
    .as('latest');
  const rows = await db.select({ passId: latest.passId }).from(latest).where(eq(latest.direction, 'entry'));
  return rows.map((row) => row.passId!);
}
