/**
 * Ticket types in the organizer console: list with seats, create,
 * edit, archive, restore and delete, each change audited with before and after in its own
 * transaction (audit/service.ts).
 *
 * Changes take the ticket type's row lock, the same lock checkout takes (`lockTicketType`),
 * so a capacity edit and concurrent checkouts count seats one after another: capacity never
 * drops below the seats sold plus reserved, and checkout never sells past the new capacity.
 * Ticket types belong to the current event. Money in paise; instants UTC.
 */
import {
  ticketTypeRuleErrors,
  type AdminTicketType,
  type CreateTicketType,
  type UpdateTicketType,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { NotFoundError, TicketTypeInUseError, ValidationError } from '../../errors.js';
import { recordAudit, type Actor, type AuditSnapshot } from '../audit/service.js';
import { soldAndReserved, ticketTypeSeats, type SoldAndReserved } from '../availability/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import {
  countTicketTypeReferences,
  deleteTicketTypeRow,
  insertTicketTypeRow,
  listEventTicketTypes,
  lockTicketType,
  updateTicketTypeRow,
  type NewTicketTypeRow,
  type TicketTypeRow,
} from './repository.js';
import { isOnSale } from './service.js';

const ENTITY_TYPE = 'ticket_type';
const NAME_INDEX = 'ticket_types_event_category_name_uq';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const toDate = (value: string | null) => (value === null ? null : new Date(value));

/** The ticket type as the audit log stores it. */
function snapshot(row: TicketTypeRow): AuditSnapshot {
  return {
    id: row.id,
    eventId: row.eventId,
    participantCategoryId: row.participantCategoryId,
    name: row.name,
    amount: row.amount,
    listPrice: row.listPrice,
    listPriceReason: row.listPriceReason,
    remarks: row.remarks,
    translations: row.translations,
    soldPer: row.soldPer,
    passesIncluded: row.passesIncluded,
    capacity: row.capacity,
    salesStartAt: iso(row.salesStartAt),
    salesEndAt: iso(row.salesEndAt),
    visibility: row.visibility,
    sortOrder: row.sortOrder,
    sacCode: row.sacCode,
    gstRateBp: row.gstRateBp,
    placeOfSupply: row.placeOfSupply,
    archivedAt: iso(row.archivedAt),
  };
}

function toAdminTicketType(row: TicketTypeRow, seats: SoldAndReserved, now: Date): AdminTicketType {
  return {
    id: row.id,
    participantCategoryId: row.participantCategoryId,
    name: row.name,
    amount: row.amount,
    listPrice: row.listPrice,
    listPriceReason: row.listPriceReason,
    remarks: row.remarks,
    translations: row.translations,
    soldPer: row.soldPer,
    passesIncluded: row.passesIncluded,
    capacity: row.capacity,
    salesStartAt: iso(row.salesStartAt),
    salesEndAt: iso(row.salesEndAt),
    visibility: row.visibility,
    sortOrder: row.sortOrder,
    sacCode: row.sacCode,
    gstRateBp: row.gstRateBp,
    placeOfSupply: row.placeOfSupply,
    archivedAt: iso(row.archivedAt),
    sold: seats.sold,
    reserved: seats.reserved,
    available: Math.max(0, row.capacity - seats.sold - seats.reserved),
    onSale: isOnSale(row, now),
  };
}

function duplicateName(name: string) {
  const message = `A ticket type named ${name} already exists for this participant category`;
  return new ValidationError(message, { name: message });
}

/** Runs a change; a name taken in the category answers 400 on the name field. */
async function withNameCheck<T>(name: () => string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw duplicateName(name());
    throw error;
  }
}

/** Every ticket type of the current event (archived ones too) with seats sold, reserved and available at `now`. */
export async function listAdminTicketTypes(db: Executor, now: Date): Promise<AdminTicketType[]> {
  const event = await getCurrentEvent(db);
  const [rows, seats] = await Promise.all([
    listEventTicketTypes(db, event.id),
    ticketTypeSeats(db, event.id, now),
  ]);
  const seatsOf = new Map(seats.map((type) => [type.id, type]));
  return rows.map((row) => toAdminTicketType(row, seatsOf.get(row.id) ?? { sold: 0, reserved: 0 }, now));
}

/**
 * Creates a ticket type of the current event.
 *
 * @throws ValidationError the name is taken in the participant category (400)
 * @throws NotFoundError no event exists (404)
 */
export async function createTicketType(
  db: Database,
  actor: Actor,
  body: CreateTicketType,
  now: Date,
): Promise<AdminTicketType> {
  return withNameCheck(
    () => body.name,
    () =>
      db.transaction(async (tx) => {
        const event = await getCurrentEvent(tx);
        const row = await insertTicketTypeRow(tx, {
          ...body,
          eventId: event.id,
          salesStartAt: toDate(body.salesStartAt),
          salesEndAt: toDate(body.salesEndAt),
        });
        await recordAudit(tx, actor, {
          at: now,
          action: 'ticket_type.create',
          entityType: ENTITY_TYPE,
          entityId: row.id,
          before: null,
          after: snapshot(row),
        });
        return toAdminTicketType(row, { sold: 0, reserved: 0 }, now);
      }),
  );
}

/** Locks a ticket type of the current event (`lockTicketType`; `update` to delete it), or throws NotFoundError. */
async function lockOwnTicketType(
  tx: Executor,
  id: number,
  strength: 'no key update' | 'update' = 'no key update',
): Promise<TicketTypeRow> {
  const event = await getCurrentEvent(tx);
  const row = await lockTicketType(tx, event.id, id, strength);
  if (!row) throw new NotFoundError('Unknown ticket type');
  return row;
}

/**
 * Changes the given fields of a ticket type, under its row lock. The rules between fields
 * (list price above price, sales start before end) are checked on the row as it would be.
 *
 * @throws NotFoundError no such ticket type in the current event (404)
 * @throws ValidationError a rule between fields, or the name is taken (400)
 * @throws TicketTypeInUseError capacity below the seats sold plus reserved, or a new
 *   participant category or way of selling (per attendee or per company) for a type that has orders (409)
 */
export async function updateTicketType(
  db: Database,
  actor: Actor,
  id: number,
  patch: UpdateTicketType,
  now: Date,
): Promise<AdminTicketType> {
  // The name the row would have; a new category can clash with an unchanged name too.
  let name = patch.name ?? '';
  return withNameCheck(
    () => name,
    () =>
      db.transaction(async (tx) => {
        const before = await lockOwnTicketType(tx, id);
        const { salesStartAt, salesEndAt, ...plain } = patch;
        const changes: Partial<NewTicketTypeRow> = { ...plain };
        if (salesStartAt !== undefined) changes.salesStartAt = toDate(salesStartAt);
        if (salesEndAt !== undefined) changes.salesEndAt = toDate(salesEndAt);
        const merged = { ...before, ...changes } as TicketTypeRow;
        name = merged.name;

        const ruleErrors = ticketTypeRuleErrors(merged);
        if (Object.keys(ruleErrors).length > 0) {
          throw new ValidationError('Please correct the highlighted fields.', ruleErrors);
        }

        const seats = await soldAndReserved(tx, id, now);
        const held = seats.sold + seats.reserved;
        if (merged.capacity < held) {
          const message =
            `Capacity cannot be ${merged.capacity}: ${seats.sold} ${seats.sold === 1 ? 'seat is' : 'seats are'} sold ` +
            `and ${seats.reserved} reserved, so it must be at least ${held}.`;
          throw new TicketTypeInUseError(message, { capacity: message });
        }
        // An order's quantity counts passes or stalls by how its type is sold, so neither the
        // category nor that may change under existing orders.
        const categoryChanged = merged.participantCategoryId !== before.participantCategoryId;
        const soldPerChanged = merged.soldPer !== before.soldPer;
        if (categoryChanged || soldPerChanged) {
          const { orders } = await countTicketTypeReferences(tx, id);
          if (orders > 0) {
            const what = categoryChanged ? 'its participant category' : 'how it is sold';
            const message = `${before.name} has orders, so ${what} cannot change. Create a new ticket type instead.`;
            throw new TicketTypeInUseError(message, {
              [categoryChanged ? 'participantCategoryId' : 'soldPer']: message,
            });
          }
        }

        const after = await updateTicketTypeRow(tx, id, changes);
        await recordAudit(tx, actor, {
          at: now,
          action: 'ticket_type.update',
          entityType: ENTITY_TYPE,
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
        });
        return toAdminTicketType(after, seats, now);
      }),
  );
}

/**
 * Archives a ticket type (or restores it with `archived: false`): archived types are neither
 * listed nor sold, and their orders and passes stay as they are. Archiving an archived type
 * (or restoring a current one) changes nothing and writes no audit row.
 *
 * @throws NotFoundError no such ticket type in the current event (404)
 */
export async function setTicketTypeArchived(
  db: Database,
  actor: Actor,
  id: number,
  archived: boolean,
  now: Date,
): Promise<AdminTicketType> {
  return db.transaction(async (tx) => {
    const before = await lockOwnTicketType(tx, id);
    const seats = await soldAndReserved(tx, id, now);
    if ((before.archivedAt !== null) === archived) return toAdminTicketType(before, seats, now);
    const after = await updateTicketTypeRow(tx, id, { archivedAt: archived ? now : null });
    await recordAudit(tx, actor, {
      at: now,
      action: archived ? 'ticket_type.archive' : 'ticket_type.restore',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return toAdminTicketType(after, seats, now);
  });
}

/**
 * Deletes a ticket type nothing refers to. One with orders (of any status, since orders and
 * passes keep pointing at it), chosen by a registration, or named by a voucher or a check-in
 * list (their foreign keys restrict) is archived instead.
 *
 * @throws NotFoundError no such ticket type in the current event (404)
 * @throws TicketTypeInUseError it has orders, registrations, vouchers or check-in lists (409)
 */
export async function deleteTicketType(db: Database, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOwnTicketType(tx, id, 'update');
    const references = await countTicketTypeReferences(tx, id);
    const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    const what =
      references.orders > 0
        ? counted(references.orders, 'order', 'orders')
        : references.registrations > 0
          ? counted(references.registrations, 'registration', 'registrations')
          : references.vouchers > 0
            ? counted(references.vouchers, 'voucher', 'vouchers')
            : references.checkinLists > 0
              ? counted(references.checkinLists, 'check-in list', 'check-in lists')
              : null;
    if (what !== null) {
      throw new TicketTypeInUseError(
        `${before.name} has ${what}, so it cannot be deleted. Archive it instead.`,
      );
    }
    await deleteTicketTypeRow(tx, id);
    await recordAudit(tx, actor, {
      at: now,
      action: 'ticket_type.delete',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: snapshot(before),
      after: null,
    });
  });
}

/**
 * Copies the ticket types of one edition that are not archived to another (a new edition's
 * starting point), with their prices, capacities and order; sales windows are left open
 * because the old dates belong to the old edition. Runs in the caller's transaction. Answers
 * each copied type's new id by its old one, so what refers to a ticket type (a registration
 * question asked of it) can follow it.
 */
export async function copyTicketTypes(
  tx: Executor,
  fromEventId: number,
  toEventId: number,
): Promise<Map<number, number>> {
  const rows = await listEventTicketTypes(tx, fromEventId);
  const copies = new Map<number, number>();
  for (const row of rows.filter((type) => type.archivedAt === null)) {
    const copy = await insertTicketTypeRow(tx, {
      eventId: toEventId,
      participantCategoryId: row.participantCategoryId,
      name: row.name,
      amount: row.amount,
      listPrice: row.listPrice,
      listPriceReason: row.listPriceReason,
      remarks: row.remarks,
      translations: row.translations,
      soldPer: row.soldPer,
      passesIncluded: row.passesIncluded,
      capacity: row.capacity,
      salesStartAt: null,
      salesEndAt: null,
      sortOrder: row.sortOrder,
      visibility: row.visibility,
      sacCode: row.sacCode,
      gstRateBp: row.gstRateBp,
      placeOfSupply: row.placeOfSupply,
    });
    copies.set(row.id, copy.id);
  }
  return copies;
}
