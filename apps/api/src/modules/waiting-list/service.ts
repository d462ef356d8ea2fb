/**
 * Waiting list. A person joins a sold-out ticket type's list (name, email, how
 * many seats). When seats come back, the first person in line whose request fits is offered
 * them: a personal voucher (modules/vouchers) usable once for exactly those seats, at the
 * normal price, that holds them out of sale until the offer's end. An offer that lapses unused
 * releases its seats, and the next person is offered them.
 *
 * Seats come back three ways: a reservation lapses (no write happens: a pending order simply
 * stops holding seats when its `expires_at` passes), an order is refunded or cancelled, or an
 * organizer raises capacity. Because the first one is never an event anyone could hook, a
 * periodic sweep (`sweepWaitingLists`, the `waiting-list-sweep` job) compares free seats with
 * the line for every ticket type that has someone waiting; it catches the other two causes
 * the same way, so orders, payments and ticket types need not know when seats come back, and
 * one code path is tested for all three. Returned seats are offered within
 * WAITING_LIST_SWEEP_SECONDS (default a minute); meanwhile they are not on public sale, because
 * the seats asked for by entries still waiting are owed to the line (modules/availability
 * subtracts them from what buyers may take, as pretix's shop does), so a buyer cannot take
 * them before the first in line is offered them.
 *
 * Several processes may sweep at once: each offer runs under the ticket type's row lock (the
 * one checkout takes), so free seats are counted once, and entries are locked `SKIP LOCKED`,
 * so an entry an organizer is changing is left for the next sweep instead of blocking it.
 */
import {
  DEFAULT_WAITING_LIST_HOLD_HOURS,
  MAX_ATTENDEES_PER_ORDER,
  type AutomaticReminderKind,
  type WaitingListJoin,
  type WaitingListOfType,
  type WaitingListReportRow,
  type WaitingListStatus,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError, ValidationError, WaitingListError } from '../../errors.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { seatsForBuyer, seatsLeft, seatsOfTypes, ticketTypeSeats } from '../availability/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { claimReminder, markReminderSent, reminderUnsent } from '../messages/reminders.js';
import { settingsOf as messageSettingsOf } from '../messages/service.js';
import { assertOnSale, isOnSale, lockTicketTypeForSale, type TicketTypeRow } from '../tickets/service.js';
import { createHoldingVoucher, disableVoucher, voucherCodes, voucherUsage } from '../vouchers/service.js';
import {
  countOpenAhead,
  eraseEntries,
  findEntry,
  findHolds,
  insertEntry,
  listEntries,
  lockEntriesOfEmail,
  lockEntry,
  lockOfferedEntries,
  lockWaitingEntries,
  ticketTypesWithWaiting,
  updateEntry,
  upsertHold,
  type WaitingListEntryRow,
  waitingListLengths,
} from './repository.js';

export type { WaitingListEntryRow };

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Emails an offer's voucher code to the person offered (waiting-list/jobs.ts). */
    'waiting-list-offer-email': { entryId: number };
    /** Confirms to a person that they joined a line (waiting-list/jobs.ts). */
    'waiting-list-joined-email': { entryId: number };
    /** Offers returned seats and settles redeemed and lapsed offers (waiting-list/jobs.ts). */
    'waiting-list-sweep': Record<string, never>;
  }
}

/** Who the audit log names for the sweep's offers and lapses: no organizer made them. */
export const WAITING_LIST_SWEEPER: Actor = { organizerId: 'system', email: 'waiting-list', ip: 'local' };

/** The audit log's entity type of waiting-list entries. */
export const WAITING_LIST_ENTITY_TYPE = 'waiting_list_entry';

/** Codes of offer vouchers start with this, so organizers recognise them in the voucher list. */
const OFFER_CODE_PREFIX = 'WAIT-';
const OPEN: WaitingListStatus[] = ['waiting', 'offered'];

export interface WaitingListDeps {
  db: Database;
  jobs: JobQueue;
}

function snapshot(row: WaitingListEntryRow) {
  return {
    ticketTypeId: row.ticketTypeId,
    email: row.email,
    quantity: row.quantity,
    status: row.status,
    voucherId: row.voucherId,
    offeredUntil: row.offeredUntil?.toISOString() ?? null,
  };
}

/** Most seats one entry may ask for: one order's worth (a stall package is one per order). */
function maxSeatsOf(ticketType: Pick<TicketTypeRow, 'soldPer'>): number {
  return ticketType.soldPer === 'company' ? 1 : MAX_ATTENDEES_PER_ORDER;
}

/**
 * Puts a person in line for a ticket type of the current edition that cannot sell them the
 * seats they ask for now; audited with the person as actor. The confirmation email is queued
 * in the same transaction unless the edition's message settings turned it off.
 * @returns how many open entries are ahead of them
 * @throws NotFoundError unknown ticket type (404)
 * @throws NotOnSaleError / SalesEndedError the type is not on sale (409)
 * @throws ValidationError more seats than one order may buy (400, on `quantity`)
 * @throws WaitingListError enough seats are free to buy now, or the address is already in
 *   this type's line (409)
 */
export async function joinWaitingList(
  { db, jobs }: { db: Database; jobs: JobQueue },
  body: WaitingListJoin,
  ip: string,
  now: Date,
): Promise<{ ahead: number }> {
  return db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    // Locked as checkout locks it, so the free seats counted here are not changing meanwhile.
    const ticketType = await lockTicketTypeForSale(tx, event.id, body.ticketTypeId);
    if (!ticketType) throw new NotFoundError('Unknown ticket. Please choose one from the list.');
    assertOnSale(ticketType, now);
    const max = maxSeatsOf(ticketType);
    if (body.quantity > max) {
      const message =
        max === 1
          ? `${ticketType.name} is sold one per order`
          : `At most ${max} seats of ${ticketType.name} per order`;
      throw new ValidationError(message, { quantity: message });
    }
    const free = await seatsForBuyer(tx, ticketType, now, null);
    if (free >= body.quantity) {
      throw new WaitingListError(
        `${ticketType.name} has ${free} ${free === 1 ? 'seat' : 'seats'} free: you can buy now instead of waiting`,
      );
    }
    const entry = await insertEntry(tx, {
      eventId: event.id,
      ticketTypeId: ticketType.id,
      name: body.name,
      email: body.email,
      quantity: body.quantity,
      locale: body.locale,
      createdAt: now,
    });
    if (!entry) {
      throw new WaitingListError(`${body.email} is already on the waiting list for ${ticketType.name}`);
    }
    await recordAudit(
      tx,
      { organizerId: 'public', email: body.email, ip },
      {
        at: now,
        action: 'waiting_list.join',
        entityType: WAITING_LIST_ENTITY_TYPE,
        entityId: entry.id,
        before: null,
        after: snapshot(entry),
      },
    );
    const { waitingListConfirmation } = await messageSettingsOf(tx, event.id);
    if (waitingListConfirmation && (await claimReminder(tx, JOINED, String(entry.id), now))) {
      await jobs.enqueue(tx, 'waiting-list-joined-email', { entryId: entry.id });
    }
    return { ahead: await countOpenAhead(tx, ticketType.id, entry.id) };
  });
}

/** Hours an offer of this ticket type holds its seats. */
async function holdHoursOf(db: Executor, ticketTypeId: number): Promise<number> {
  return (await findHolds(db, [ticketTypeId])).get(ticketTypeId) ?? DEFAULT_WAITING_LIST_HOLD_HOURS;
}

/**
 * Offers `entry` its seats of the locked `ticketType`: a holding voucher valid for the
 * type's hold time (never past its sales end), the entry marked offered, the email queued, all
 * in `tx`; audited.
 */
async function offer(
  tx: Executor,
  jobs: JobQueue,
  actor: Actor,
  ticketType: TicketTypeRow,
  entry: WaitingListEntryRow,
  now: Date,
  action: string,
): Promise<WaitingListEntryRow> {
  const hours = await holdHoursOf(tx, ticketType.id);
  let until = new Date(now.getTime() + hours * 3_600_000);
  if (ticketType.salesEndAt && ticketType.salesEndAt.getTime() < until.getTime())
    until = ticketType.salesEndAt;
  const voucher = await createHoldingVoucher(
    tx,
    actor,
    {
      eventId: ticketType.eventId,
      ticketTypeId: ticketType.id,
      seats: entry.quantity,
      validUntil: until,
      prefix: OFFER_CODE_PREFIX,
    },
    now,
  );
  const after = await updateEntry(tx, entry.id, {
    status: 'offered',
    voucherId: voucher.id,
    offeredAt: now,
    offeredUntil: until,
    offerEmailSentAt: null,
    closedAt: null,
  });
  await recordAudit(tx, actor, {
    at: now,
    action,
    entityType: WAITING_LIST_ENTITY_TYPE,
    entityId: entry.id,
    before: snapshot(entry),
    after: { ...snapshot(after), voucherCode: voucher.code },
  });
  await jobs.enqueue(tx, 'waiting-list-offer-email', { entryId: entry.id });
  return after;
}

/**
 * Offers the seats of one ticket type that are free at `now` to its line, in `tx`: in line
 * order, each waiting entry whose seats fit in what is left is offered them (someone asking
 * for fewer seats may be offered before someone ahead asking for more than came back, rather
 * than leaving seats unsold while both wait). Nothing is offered once sales have ended.
 * @returns the entries offered
 */
async function offerFreeSeats(
  tx: Executor,
  jobs: JobQueue,
  eventId: number,
  ticketTypeId: number,
  now: Date,
): Promise<number> {
  const ticketType = await lockTicketTypeForSale(tx, eventId, ticketTypeId);
  if (!ticketType || !isOnSale(ticketType, now)) return 0;
  let free = await seatsLeft(tx, ticketType, now);
  if (free <= 0) return 0;
  let offered = 0;
  for (const entry of await lockWaitingEntries(tx, ticketTypeId)) {
    if (entry.quantity > free) continue;
    await offer(tx, jobs, WAITING_LIST_SWEEPER, ticketType, entry, now, 'waiting_list.offer');
    free -= entry.quantity;
    offered++;
    if (free === 0) break;
  }
  return offered;
}

/**
 * Settles offers at `now`: one whose voucher paid for an order is `redeemed`; one past its end
 * with no pending order still holding its seats is `lapsed` (its voucher holds nothing any
 * more). Then offers the free seats of every ticket type with someone waiting. Each ticket
 * type is its own transaction, so one busy type does not hold the others' locks.
 */
export async function sweepWaitingLists(
  { db, jobs }: WaitingListDeps,
  now: Date,
): Promise<{ offered: number; redeemed: number; lapsed: number }> {
  let redeemed = 0;
  let lapsed = 0;
  await db.transaction(async (tx) => {
    for (const entry of await lockOfferedEntries(tx)) {
      if (entry.voucherId === null) continue;
      const usage = await voucherUsage(tx, entry.voucherId, now);
      let status: WaitingListStatus | null = null;
      if (usage.used > 0) status = 'redeemed';
      else if (entry.offeredUntil && entry.offeredUntil.getTime() <= now.getTime() && usage.reserved === 0) {
        status = 'lapsed';
      }
      if (!status) continue;
      const after = await updateEntry(tx, entry.id, { status, closedAt: now });
      await recordAudit(tx, WAITING_LIST_SWEEPER, {
        at: now,
        action: `waiting_list.${status === 'redeemed' ? 'redeem' : 'lapse'}`,
        entityType: WAITING_LIST_ENTITY_TYPE,
        entityId: entry.id,
        before: snapshot(entry),
        after: snapshot(after),
      });
      if (status === 'redeemed') redeemed++;
      else lapsed++;
    }
  });
  const event = await getCurrentEvent(db);
  let offered = 0;
  for (const ticketTypeId of await ticketTypesWithWaiting(db)) {
    offered += await db.transaction((tx) => offerFreeSeats(tx, jobs, event.id, ticketTypeId, now));
  }
  return { offered, redeemed, lapsed };
}

/**
 * An organizer offers seats to one entry by hand, out of line order (an entry waiting, or one
 * whose offer lapsed); the seats must be free, as for any offer. Audited.
 * @throws NotFoundError unknown entry (404)
 * @throws WaitingListError the entry is not waiting or lapsed, sales are over, or too few seats are free (409)
 */
export async function offerByHand(
  { db, jobs }: WaitingListDeps,
  actor: Actor,
  entryId: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    const seen = await findEntry(tx, entryId);
    if (!seen || seen.eventId !== event.id) throw new NotFoundError('Unknown waiting-list entry');
    // The ticket type first, then the entry: the order the sweep locks them in.
    const ticketType = await lockTicketTypeForSale(tx, event.id, seen.ticketTypeId);
    const entry = await lockEntry(tx, event.id, entryId);
    if (!ticketType || !entry) throw new NotFoundError('Unknown waiting-list entry');
    if (entry.status !== 'waiting' && entry.status !== 'lapsed') {
      throw new WaitingListError(
        `This entry is ${entry.status}; only waiting or lapsed entries can be offered seats`,
      );
    }
    if (!isOnSale(ticketType, now)) throw new WaitingListError(`${ticketType.name} is not on sale`);
    const free = await seatsLeft(tx, ticketType, now);
    if (free < entry.quantity) {
      throw new WaitingListError(
        `Only ${Math.max(0, free)} ${free === 1 ? 'seat is' : 'seats are'} free for ${ticketType.name}; ` +
          `raise its capacity to offer ${entry.quantity}`,
      );
    }
    await offer(tx, jobs, actor, ticketType, entry, now, 'waiting_list.offer_by_hand');
  });
}

/**
 * An organizer takes an entry off the list. An open offer's voucher is disabled, so its
 * seats return and the next sweep offers them to the next in line. Audited.
 * @throws NotFoundError unknown entry (404)
 * @throws WaitingListError the entry is already redeemed, lapsed or removed (409)
 */
export async function removeEntry(db: Database, actor: Actor, entryId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    const entry = await lockEntry(tx, event.id, entryId);
    if (!entry) throw new NotFoundError('Unknown waiting-list entry');
    if (!OPEN.includes(entry.status)) throw new WaitingListError(`This entry is already ${entry.status}`);
    if (entry.status === 'offered' && entry.voucherId !== null) {
      await disableVoucher(tx, actor, entry.voucherId, now);
    }
    const after = await updateEntry(tx, entry.id, { status: 'removed', closedAt: now });
    await recordAudit(tx, actor, {
      at: now,
      action: 'waiting_list.remove',
      entityType: WAITING_LIST_ENTITY_TYPE,
      entityId: entry.id,
      before: snapshot(entry),
      after: snapshot(after),
    });
  });
}

/**
 * Sets how long offers of a ticket type hold their seats. Per ticket type rather than one
 * setting for the festival: a ₹500 visitor pass is decided in minutes, a company's stall
 * package may need a purchase approval, so organizers hold stalls longer. Offers already
 * made keep their end. Audited.
 * @throws NotFoundError a ticket type not of the current edition (404)
 */
export async function setHoldHours(
  db: Database,
  actor: Actor,
  ticketTypeId: number,
  holdHours: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    const ticketType = await lockTicketTypeForSale(tx, event.id, ticketTypeId);
    if (!ticketType) throw new NotFoundError('Unknown ticket type');
    const before = await holdHoursOf(tx, ticketTypeId);
    await upsertHold(tx, ticketTypeId, holdHours, now);
    await recordAudit(tx, actor, {
      at: now,
      action: 'waiting_list.hold_hours',
      entityType: 'ticket_type',
      entityId: ticketTypeId,
      before: { holdHours: before },
      after: { holdHours },
    });
  });
}

/**
 * Every ticket type of the current edition with its waiting list (oldest first), its hold
 * time and the seats free for an offer at `now`.
 */
export async function listWaitingLists(db: Executor, now: Date): Promise<WaitingListOfType[]> {
  const event = await getCurrentEvent(db);
  const types = await ticketTypeSeats(db, event.id, now);
  const ids = types.map((type) => type.id);
  const [entries, holds, seats] = await Promise.all([
    listEntries(db, event.id),
    findHolds(db, ids),
    seatsOfTypes(db, ids, now),
  ]);
  const codes = await voucherCodes(
    db,
    entries.flatMap((entry) => (entry.voucherId === null ? [] : [entry.voucherId])),
  );
  return types.map((type) => ({
    ticketType: {
      id: type.id,
      name: type.name,
      participantCategoryId: type.participantCategoryId,
      capacity: type.capacity,
    },
    free: seats.get(type.id)?.forOffers ?? 0,
    holdHours: holds.get(type.id) ?? DEFAULT_WAITING_LIST_HOLD_HOURS,
    entries: entries
      .filter((entry) => entry.ticketTypeId === type.id)
      .map((entry) => ({
        id: entry.id,
        name: entry.name,
        email: entry.email,
        quantity: entry.quantity,
        status: entry.status,
        offeredUntil: entry.offeredUntil?.toISOString() ?? null,
        voucherCode: entry.voucherId === null ? null : (codes.get(entry.voucherId) ?? null),
        createdAt: entry.createdAt.toISOString(),
      })),
  }));
}

/** What the offer email needs, or undefined when the entry is no longer offered or was sent. */
export async function offerToSend(db: Executor, entryId: number) {
  const entry = await findEntry(db, entryId);
  if (!entry || entry.status !== 'offered' || entry.offerEmailSentAt || entry.voucherId === null)
    return undefined;
  const code = (await voucherCodes(db, [entry.voucherId])).get(entry.voucherId);
  return code ? { entry, code } : undefined;
}

const JOINED: AutomaticReminderKind = 'waiting_list_joined';

/**
 * What the confirmation of joining needs: the entry, how many are ahead of it now and how long
 * an offer would hold its seats; undefined once the entry left the line or the email was sent.
 */
export async function joinedToSend(db: Executor, entryId: number) {
  const entry = await findEntry(db, entryId);
  if (!entry || entry.status !== 'waiting' || !(await reminderUnsent(db, JOINED, String(entryId))))
    return undefined;
  return {
    entry,
    ahead: await countOpenAhead(db, entry.ticketTypeId, entry.id),
    holdHours: await holdHoursOf(db, entry.ticketTypeId),
  };
}

/** Records that the confirmation of joining went out. */
export async function markJoinedEmailSent(db: Executor, entryId: number, now: Date): Promise<void> {
  await markReminderSent(db, JOINED, String(entryId), now);
}

/** Records that the offer email of an entry went out. */
export async function markOfferEmailSent(db: Executor, entryId: number, now: Date): Promise<void> {
  await updateEntry(db, entryId, { offerEmailSentAt: now });
}

/**
 * Erases `email` from the waiting lists (a handled deletion request, DPDP Act 2023 §12): every
 * entry's name and email are replaced, an open entry is closed as removed and an open offer's
 * voucher disabled (as `removeEntry` does), so its seats go to the next in line. Returns the
 * erased entries' ids.
 */
export async function erasePersonalData(
  tx: Executor,
  actor: Actor,
  email: string,
  now: Date,
): Promise<number[]> {
  const entries = await lockEntriesOfEmail(tx, email);
  const offers = entries.filter((entry) => entry.status === 'offered');
  // Vouchers belong to an edition; a past edition's offer holds no seat any more.
  const event = offers.length > 0 ? await getCurrentEvent(tx) : undefined;
  for (const { eventId, voucherId } of offers) {
    if (voucherId !== null && eventId === event?.id) await disableVoucher(tx, actor, voucherId, now);
  }
  const ids = entries.map((entry) => entry.id);
  await eraseEntries(tx, ids, now);
  return ids;
}

/** The waiting-list report of edition `eventId`: entries and the seats they ask for, by ticket type and status. */
export async function waitingListReport(db: Executor, eventId: number): Promise<WaitingListReportRow[]> {
  const rows = await waitingListLengths(db, eventId);
  return rows.map((row) => ({
    ticketTypeId: row.ticket_type_id,
    ticketName: row.ticket_name,
    status: row.status,
    entries: row.entries,
    seats: row.seats,
  }));
}
