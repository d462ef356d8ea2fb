/**
 * Vouchers: organizers create codes that price some ticket types differently;
 * checkout applies one under a lock on its row, so parallel buyers never use it more than
 * `maxUses` seats; a voucher with reserved seats keeps them out of sale for everyone else
 * (counted by modules/availability).
 *
 * A use is one seat: an order of three attendees with a voucher uses it three times. Seats of
 * paid orders and of pending orders within their reservation count; lapsed ones return.
 */
import { randomInt } from 'node:crypto';
import type { Voucher, VoucherCreate, VoucherPriceMode, VoucherReportRow } from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { ticketTypeSeats } from '../availability/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import type { TicketTypeRow } from '../tickets/service.js';
import {
  countVoucherSeats,
  countVoucherUsage,
  findVoucherByCode,
  findVoucherCodes,
  insertVoucherRows,
  listVouchersWithUsage,
  lockVoucher,
  lockVoucherByCode,
  setVoucherDisabled,
  type NewVoucherRow,
  type VoucherRow,
  voucherPerformance,
} from './repository.js';

export type { VoucherRow };

const ENTITY_TYPE = 'voucher';
/** No 0/O or 1/I: generated codes are read aloud and typed from paper. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_LENGTH = 8;

const toDate = (value: string | null) => (value === null ? null : new Date(value));

function generatedCode(prefix: string): string {
  let code = prefix;
  for (let i = 0; i < GENERATED_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * The price of one seat with a voucher, in paise, from the ticket type's price `amount` (the
 * figure GST is then computed on, as without a voucher). Percent off rounds the discount half
 * up to the paisa; nothing goes below 0, and a set price never raises the price.
 */
export function voucherUnitPrice(amount: number, mode: VoucherPriceMode, value: number): number {
  switch (mode) {
    case 'set_price':
      return Math.min(amount, value);
    case 'subtract':
      return Math.max(0, amount - value);
    case 'percent':
      return amount - Math.floor((amount * value + 50) / 100);
    case 'comp':
      return 0;
  }
}

function snapshot(row: VoucherRow) {
  return {
    code: row.code,
    ticketTypeIds: row.ticketTypeIds,
    priceMode: row.priceMode,
    value: row.value,
    maxUses: row.maxUses,
    reservedSeats: row.reservedSeats,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

/**
 * Creates one voucher or `count` generated ones (prefix + 8 random letters and digits) for
 * the current edition, with one audit row per voucher.
 * @throws ValidationError a ticket type not of the current edition, or the code exists (400)
 */
export async function createVouchers(
  db: Database,
  actor: Actor,
  body: VoucherCreate,
  now: Date,
): Promise<{ codes: string[] }> {
  return db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    const known = new Set((await ticketTypeSeats(tx, event.id, now)).map((type) => type.id));
    if (body.ticketTypeIds.some((id) => !known.has(id))) {
      const message = 'Choose ticket types of the current edition';
      throw new ValidationError(message, { ticketTypeIds: message });
    }
    const terms = {
      eventId: event.id,
      ticketTypeIds: body.ticketTypeIds,
      priceMode: body.priceMode,
      value: body.priceMode === 'comp' ? 0 : body.value,
      maxUses: body.maxUses,
      reservedSeats: body.reservedSeats,
      validFrom: toDate(body.validFrom),
      validUntil: toDate(body.validUntil),
      createdAt: now,
    } satisfies Omit<NewVoucherRow, 'code'>;

    let rows: VoucherRow[];
    if (body.kind === 'single') {
      rows = await insertVoucherRows(tx, [{ ...terms, code: body.code }]);
      if (rows.length === 0) {
        const message = `The code ${body.code} exists already`;
        throw new ValidationError(message, { code: message });
      }
    } else {
      // A random code can collide with an existing one: draw again for the ones skipped.
      rows = [];
      for (let attempt = 0; rows.length < body.count && attempt < 5; attempt++) {
        const codes = new Set<string>();
        while (codes.size < body.count - rows.length) codes.add(generatedCode(body.prefix));
        rows.push(
          ...(await insertVoucherRows(
            tx,
            [...codes].map((code) => ({ ...terms, code })),
          )),
        );
      }
      if (rows.length < body.count) {
        const message = 'Could not generate that many unique codes; use a longer prefix';
        throw new ValidationError(message, { prefix: message });
      }
    }
    for (const row of rows) {
      await recordAudit(tx, actor, {
        at: now,
        action: 'voucher.create',
        entityType: ENTITY_TYPE,
        entityId: row.code,
        before: null,
        after: snapshot(row),
      });
    }
    return { codes: rows.map((row) => row.code) };
  });
}

/** The current edition's vouchers, newest first, with usage at `now`. */
export async function listVouchers(db: Executor, now: Date): Promise<Voucher[]> {
  const event = await getCurrentEvent(db);
  const names = new Map((await ticketTypeSeats(db, event.id, now)).map((type) => [type.id, type.name]));
  const rows = await listVouchersWithUsage(db, event.id, now);
  return rows.map(({ voucher, used, reserved }) => ({
    id: voucher.id,
    code: voucher.code,
    ticketTypes: voucher.ticketTypeIds.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
    priceMode: voucher.priceMode,
    value: voucher.value,
    maxUses: voucher.maxUses,
    used,
    reserved,
    reservedSeats: voucher.reservedSeats,
    validFrom: voucher.validFrom?.toISOString() ?? null,
    validUntil: voucher.validUntil?.toISOString() ?? null,
    disabledAt: voucher.disabledAt?.toISOString() ?? null,
    createdAt: voucher.createdAt.toISOString(),
  }));
}

/**
 * Creates, in the caller's transaction, a personal voucher for `seats` seats of one ticket
 * type at its normal price, usable `seats` times until `validUntil` and holding those seats
 * for its holder meanwhile (the waiting list's offers). The code is `prefix` + 8 random
 * letters and digits, drawn again on a collision; audited as `voucher.create`.
 */
export async function createHoldingVoucher(
  tx: Executor,
  actor: Actor,
  terms: { eventId: number; ticketTypeId: number; seats: number; validUntil: Date; prefix: string },
  now: Date,
): Promise<VoucherRow> {
  for (;;) {
    const [row] = await insertVoucherRows(tx, [
      {
        eventId: terms.eventId,
        code: generatedCode(terms.prefix),
        ticketTypeIds: [terms.ticketTypeId],
        // Nothing off: the voucher only holds the seats (a normal price, as the line waited for).
        priceMode: 'subtract',
        value: 0,
        maxUses: terms.seats,
        reservedSeats: terms.seats,
        validFrom: now,
        validUntil: terms.validUntil,
        createdAt: now,
      },
    ]);
    if (!row) continue;
    await recordAudit(tx, actor, {
      at: now,
      action: 'voucher.create',
      entityType: ENTITY_TYPE,
      entityId: row.code,
      before: null,
      after: snapshot(row),
    });
    return row;
  }
}

/**
 * Disables a voucher in the caller's transaction (its reserved seats return to sale); audited.
 * A voucher already disabled is left as it is.
 * @throws NotFoundError unknown voucher (404)
 */
export async function disableVoucher(tx: Executor, actor: Actor, id: number, now: Date): Promise<void> {
  const event = await getCurrentEvent(tx);
  const before = await lockVoucher(tx, event.id, id);
  if (!before) throw new NotFoundError('Unknown voucher');
  if (before.disabledAt !== null) return;
  const after = await setVoucherDisabled(tx, id, now);
  await recordAudit(tx, actor, {
    at: now,
    action: 'voucher.disable',
    entityType: ENTITY_TYPE,
    entityId: after.code,
    before: snapshot(before),
    after: snapshot(after),
  });
}

/** Seats of paid orders (`used`) and of unexpired pending orders (`reserved`) with a voucher at `now`. */
export async function voucherUsage(
  db: Executor,
  voucherId: number,
  now: Date,
): Promise<{ used: number; reserved: number }> {
  return countVoucherUsage(db, voucherId, now);
}

/**
 * Disables a voucher of the current edition (no new checkout can use it; its reserved seats
 * return to sale), or enables it again; audited. Orders already placed keep their price.
 * @throws NotFoundError unknown voucher (404)
 */
export async function setVoucherEnabled(
  db: Database,
  actor: Actor,
  id: number,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    const before = await lockVoucher(tx, event.id, id);
    if (!before) throw new NotFoundError('Unknown voucher');
    if ((before.disabledAt === null) === enabled) return;
    const after = await setVoucherDisabled(tx, id, enabled ? null : now);
    await recordAudit(tx, actor, {
      at: now,
      action: enabled ? 'voucher.enable' : 'voucher.disable',
      entityType: ENTITY_TYPE,
      entityId: after.code,
      before: snapshot(before),
      after: snapshot(after),
    });
  });
}

const invalid = (message: string) => new ValidationError(message, { voucherCode: message });

/**
 * Checks a voucher code for `seats` seats of a ticket type at `now` and prices one seat with
 * it. With `lock` (checkout) the voucher row is locked FOR UPDATE for the rest of the
 * transaction and its remaining uses are checked, so parallel checkouts count one another's
 * reservations; without it (a price quote) nothing is locked.
 * @throws ValidationError unknown, disabled, not yet or no longer valid, not for this ticket,
 *   or used up: the message is for the voucherCode field (400)
 */
export async function applyVoucher(
  tx: Executor,
  ticketType: TicketTypeRow,
  code: string,
  seats: number,
  now: Date,
  { lock }: { lock: boolean },
): Promise<{ voucher: VoucherRow; unitAmount: number }> {
  const voucher = lock
    ? await lockVoucherByCode(tx, ticketType.eventId, code)
    : await findVoucherByCode(tx, ticketType.eventId, code);
  if (!voucher || voucher.disabledAt !== null) throw invalid(`${code} is not a valid voucher code`);
  if (voucher.validFrom && voucher.validFrom.getTime() > now.getTime()) {
    throw invalid(`Voucher ${code} is not valid yet`);
  }
  if (voucher.validUntil && voucher.validUntil.getTime() <= now.getTime()) {
    throw invalid(`Voucher ${code} has expired`);
  }
  if (!voucher.ticketTypeIds.includes(ticketType.id)) {
    throw invalid(`Voucher ${code} does not apply to ${ticketType.name}`);
  }
  if (lock) {
    const left = voucher.maxUses - (await countVoucherSeats(tx, voucher.id, now));
    if (left < seats) {
      throw invalid(
        left <= 0
          ? `Voucher ${code} has been used up`
          : `Voucher ${code} can be used for ${left} more ${left === 1 ? 'seat' : 'seats'} only`,
      );
    }
  }
  return { voucher, unitAmount: voucherUnitPrice(ticketType.amount, voucher.priceMode, voucher.value) };
}

/** The code of each voucher id given, for order details. */
export async function voucherCodes(db: Executor, ids: number[]): Promise<Map<number, string>> {
  return new Map((await findVoucherCodes(db, ids)).map((row) => [row.id, row.code]));
}

/**
 * The voucher report of edition `eventId`: each voucher with the orders it priced that were
 * paid (kept or refunded), their seats, and the paise of those still paid.
 */
export async function voucherReport(db: Executor, eventId: number): Promise<VoucherReportRow[]> {
  const rows = await voucherPerformance(db, eventId);
  return rows.map((row) => ({
    code: row.code,
    priceMode: row.price_mode,
    value: row.value,
    maxUses: row.max_uses,
    orders: row.orders,
    seats: row.seats,
    revenue: Number(row.revenue),
  }));
}
