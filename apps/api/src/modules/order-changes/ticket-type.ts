/**
 * An organizer changes one attendee's ticket type on a paid order (issue 28 §2, decision 031).
 *
 * What finance sees and what happens, in one transaction under the order's lock:
 * - The new ticket is one of the order's edition, sold to the attendee's category, per attendee,
 *   not archived, not the one held; its sales window does not bind the organizer (an upgrade at
 *   the venue after public sale closed is the usual case), its capacity does: a seat of it is
 *   taken under its lock with checkout's count (`seatsForBuyer`: the waiting list first), and the
 *   old ticket's seat returns, offered to its waiting list first by the sweep.
 * - The price is the new ticket's list price today, taxed as the order was (prices with or
 *   without GST, the supplier's state, the buyer's place of supply); a voucher of the order does
 *   not carry over. The difference is that total less what the line's tax says was paid for the
 *   current ticket, GST included.
 * - Only a change the invoice can follow by a note is made: the attendee's line is sold per
 *   attendee (a package's one unit admits several people), and the new ticket has the current
 *   one's GST rate, SAC and place of supply, so a credit or debit note of the invoice line that
 *   bills it (`billedAt`) states the change exactly, quantity 1.
 * - What was paid for the attendee's ticket is their unit's share of their line's tax, as a
 *   cancellation would take it (`unitsTaxed`: successive shares add up to the line). An attendee
 *   alone on their line moves it to the new ticket; one of a group (2 Investor Passes on one
 *   line, or a line others were cancelled from) is split out of it: the line loses one unit and
 *   that share of its tax, a line of one unit of the new ticket is added with its own tax, and
 *   the pass moves to it (`passes.line_position`), the other passes staying on the old line
 *   (decision 031).
 * - Cheaper: the difference goes back through the refund job (or, for an order paid by bank
 *   transfer, is recorded with the bank reference of the transfer that returned it), at most what
 *   is left to refund, with a credit note of that line citing the invoice. Not after check-in:
 *   an admitted attendee used the dearer ticket.
 * - Dearer: finance records the difference as received by bank transfer, with its UTR (a payment
 *   event of the order, as for a bank-transfer order); the order's total rises by it and a debit
 *   note (CGST Act s.34(3)) for it cites the invoice. Allowed after check-in: an upgrade at the
 *   gate is a sale.
 * - A comp (₹0) changes ticket and nothing else: no money, no note.
 * - The pass keeps its row and printed code: its ticket is its line's (`lineOfPass`), so the
 *   gate and the scanners' next sync read the new ticket. Its QR code is signed with its
 *   ticket (docs/pass-token.md), so a new one is rendered from now on and the old one is refused
 *   online ('invalid'); the attendee is emailed (jobs) that the ticket changed, naming it, and
 *   their pass again with the new QR code. An audit row keeps the reason, both tickets, the
 *   money and the notes.
 */
import {
  TICKET_CHANGE_MESSAGES as MESSAGES,
  formatRupees,
  type ChangeTicketTypeRequest,
  type TicketChangeOption,
  type TicketChangeQuote,
  type TicketTypeChange,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError, OrderStateError, SoldOutError, ValidationError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { seatsForBuyer } from '../availability/service.js';
import { invoiceNumberOfOrder, issueCreditNote, issueDebitNote } from '../invoices/service.js';
import { isPaidOffline, type OrderRow } from '../orders/service.js';
import { recordTopUp } from '../payments/offline.js';
import { refundPartOfLockedOrder } from '../payments/refunds.js';
import { roleName } from '../reference-data/service.js';
import { getSettings } from '../settings/service.js';
import { gstOutOf, replaceLineTax, shareOut, splitLineTax, splitPart, taxOfLine } from '../tax/service.js';
import { lockTicketTypeForSale } from '../tickets/service.js';
import * as repository from './repository.js';
import { billedAt, lockAttendee, unitsTaxed, type Attendee, type OrderChangeContext } from './service.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Tells an attendee their pass is now of another ticket (order-changes/jobs.ts). */
    'ticket-changed-email': { orderId: string; registrationId: string; ticketName: string };
  }
}

type TicketTypeRow = NonNullable<Awaited<ReturnType<typeof repository.findTicketTypeAnyEdition>>>;
type Line = Awaited<ReturnType<typeof lineToChange>>;

/**
 * The attendee's line as it may change, with `paid`: their unit's share of its tax (paise, GST
 * split out at its rate), the next share a unit leaving the line takes; or the refusal of any
 * change of it.
 */
async function lineToChange(tx: Executor, order: OrderRow, attendee: Attendee, attendees: Attendee[]) {
  const line = await repository.findLineToChange(tx, order.id, attendee.linePosition ?? 0);
  if (!line) throw new NotFoundError('Order not found');
  if (line.soldPer !== 'attendee') throw new OrderStateError(MESSAGES.package);
  const { tax, pricesIncludeGst, supplierStateCode, interState } = line;
  if (!tax || pricesIncludeGst === null || supplierStateCode === null || interState === null) {
    throw new OrderStateError(MESSAGES.beforeGst);
  }
  const { units, cancelled } = unitsTaxed(line, attendees);
  const share =
    shareOut(
      tax.total,
      Array.from({ length: units }, () => 1),
    )[cancelled] ?? 0;
  return {
    ...line,
    tax,
    pricesIncludeGst,
    supplierStateCode,
    paid: splitPart(share, { ...tax, interState }),
    /** The line stands for this attendee alone (no other unit held, none cancelled from it). */
    alone: units === 1,
  };
}

const isComp = (order: OrderRow) => order.source === 'comp' || order.amount === 0;

/**
 * What moving the attendee to `to` would do, without the seat check: the new line's tax, the
 * difference (paise, GST included), the GST in it, and why it cannot be done (null when it can,
 * seats permitting).
 */
async function priceChange(tx: Executor, order: OrderRow, attendee: Attendee, line: Line, to: TicketTypeRow) {
  const settings = await getSettings(tx, order.eventId);
  const comp = isComp(order);
  const tax = taxOfLine(
    { ...settings, pricesIncludeGst: line.pricesIncludeGst, stateCode: line.supplierStateCode },
    to,
    comp ? 0 : to.amount,
    line.buyerGstin ? { gstin: line.buyerGstin } : null,
  );
  const difference = comp ? 0 : tax.total - line.paid.total;
  const sameTax =
    to.gstRateBp === line.tax.rateBp &&
    to.sacCode === line.tax.sacCode &&
    tax.placeOfSupply.code === line.placeOfSupplyCode;
  const refusal = !sameTax
    ? MESSAGES.otherTax
    : difference < 0 && attendee.checkedInAt !== null
      ? MESSAGES.checkedInDowngrade
      : null;
  return {
    tax,
    difference,
    gst: difference === 0 ? null : gstOutOf(Math.abs(difference), tax.rateBp, tax.interState),
    refusal,
  };
}

/** The ticket `ticketTypeId` as a change of `attendee` on `order` may take it, or the refusal. */
async function targetOf(tx: Executor, order: OrderRow, attendee: Attendee, line: Line, ticketTypeId: number) {
  if (ticketTypeId === line.ticketTypeId)
    throw new ValidationError(MESSAGES.sameType, { ticketTypeId: MESSAGES.sameType });
  const to = await repository.findTicketTypeAnyEdition(tx, ticketTypeId);
  if (!to) throw new NotFoundError('Unknown ticket. Please choose one from the list.');
  if (to.eventId !== order.eventId) {
    throw new ValidationError(MESSAGES.otherEdition, { ticketTypeId: MESSAGES.otherEdition });
  }
  if (to.archivedAt !== null)
    throw new ValidationError(MESSAGES.archived, { ticketTypeId: MESSAGES.archived });
  if (to.participantCategoryId !== attendee.participantCategoryId) {
    const message = `${to.name} is not sold to ${roleName(attendee.participantCategoryId)} attendees`;
    throw new ValidationError(message, { ticketTypeId: message });
  }
  if (to.soldPer !== 'attendee')
    throw new ValidationError(MESSAGES.toPackage, { ticketTypeId: MESSAGES.toPackage });
  return to;
}

/**
 * The console's quote for changing an attendee's ticket: their current ticket and what they paid
 * for it, and every other ticket of the edition sold to their category with its total, the
 * difference, the GST of its note, the seats it has left and why it cannot be chosen. Changes
 * nothing; in a transaction only for the locks, so the figures are those a change would see.
 * @throws NotFoundError unknown order or attendee (404)
 * @throws OrderStateError the order is not paid, the pass is not valid, or the attendee's line
 *   cannot change (a package, no GST record) (409)
 */
export async function quoteTicketChange(
  db: Database,
  reference: string,
  registrationId: string,
  now: Date,
): Promise<TicketChangeQuote> {
  return db.transaction(async (tx) => {
    const { order, attendee, attendees } = await lockAttendee(tx, reference, registrationId);
    const line = await lineToChange(tx, order, attendee, attendees);
    const candidates = (
      await repository.listTicketTypesOfCategory(
        tx,
        order.eventId,
        attendee.participantCategoryId,
        line.ticketTypeId,
      )
    ).filter((row) => row.soldPer === 'attendee');
    const options: TicketChangeOption[] = [];
    for (const to of candidates) {
      const priced = await priceChange(tx, order, attendee, line, to);
      const seatsLeft = Math.max(0, await seatsForBuyer(tx, to, now, null));
      options.push({
        ticketTypeId: to.id,
        name: to.name,
        total: priced.tax.total,
        difference: priced.difference,
        gst: priced.gst,
        seatsLeft,
        refusal: priced.refusal ?? (seatsLeft < 1 ? `${to.name} is sold out` : null),
      });
    }
    return {
      attendeeName: attendee.name,
      passCode: attendee.passCode ?? '',
      current: {
        ticketTypeId: line.ticketTypeId,
        name: line.ticketName,
        total: isComp(order) ? 0 : line.paid.total,
      },
      groupSize: line.quantity,
      checkedIn: attendee.checkedInAt !== null,
      paidOffline: isPaidOffline(order),
      comp: isComp(order),
      invoice: await invoiceNumberOfOrder(tx, order.id),
      options,
    };
  });
}

/**
 * Changes the ticket of attendee `registrationId` of paid order `reference` (see the module's
 * comment for all it does), in one transaction.
 * @throws NotFoundError unknown order, attendee or ticket type (404)
 * @throws ValidationError the same ticket, another edition's, an archived one, one not sold to
 *   the attendee's category or sold per company; a bank reference missing for an upgrade or a
 *   downgrade of a bank-transfer order, or given when no bank transfer takes place (400)
 * @throws OrderStateError the order is not paid, the pass not valid, the line cannot change, the
 *   new ticket is taxed otherwise, or a downgrade after check-in (409)
 * @throws SoldOutError no seat of the new ticket is left (409)
 */
export async function changeTicketType(
  ctx: OrderChangeContext,
  reference: string,
  registrationId: string,
  request: ChangeTicketTypeRequest,
  actor: Actor,
): Promise<TicketTypeChange> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { order, attendee, attendees } = await lockAttendee(tx, reference, registrationId);
    const line = await lineToChange(tx, order, attendee, attendees);
    const target = await targetOf(tx, order, attendee, line, request.ticketTypeId);
    const priced = await priceChange(tx, order, attendee, line, target);
    if (priced.refusal) throw new OrderStateError(priced.refusal);
    const byBank = request.bankReference !== undefined;
    const bankTransferTakesPlace = priced.difference > 0 || (priced.difference < 0 && isPaidOffline(order));
    if (priced.difference > 0 && !byBank) {
      throw new ValidationError(MESSAGES.upgradeReference, { bankReference: MESSAGES.upgradeReference });
    }
    if (priced.difference === 0 && byBank) {
      throw new ValidationError(MESSAGES.noMoneyReference, { bankReference: MESSAGES.noMoneyReference });
    }

    // The seat of the new ticket, under its lock and checkout's count.
    const to = await lockTicketTypeForSale(tx, order.eventId, target.id);
    if (!to) throw new NotFoundError('Unknown ticket. Please choose one from the list.');
    if ((await seatsForBuyer(tx, to, now, null)) < 1) throw new SoldOutError(`${to.name} is sold out`);

    const description = `${line.ticketName} changed to ${to.name}, order ${order.reference}`;
    // One attendee's unit changes: the notes of the invoice line that bills it say quantity 1.
    const note = {
      position: await billedAt(tx, order.id, {
        position: line.position,
        rateBp: line.tax.rateBp,
        sacCode: line.tax.sacCode,
      }),
      description,
      quantity: 1,
    };
    let refund: { id: string; amount: number } | undefined;
    let creditNote: { number: string } | undefined;
    let debitNote: { number: string } | undefined;
    if (priced.difference < 0) {
      refund = await refundPartOfLockedOrder(
        tx,
        ctx,
        order,
        {
          amount: -priced.difference,
          comment: `${attendee.name}: ${line.ticketName} → ${to.name}: ${request.reason}`,
          bankReference: request.bankReference,
          requestedBy: actor.organizerId,
        },
        now,
      );
      creditNote = refund ? await issueCreditNote(tx, order.id, refund, now, note) : undefined;
    } else if (priced.difference > 0) {
      await recordTopUp(
        tx,
        order,
        {
          amount: priced.difference,
          bankReference: request.bankReference!,
          note: description,
          recordedBy: actor.email,
        },
        now,
      );
      await repository.raiseOrderAmount(tx, order.id, priced.difference);
      debitNote = await issueDebitNote(
        tx,
        order.id,
        { amount: priced.difference, position: note.position, description },
        now,
      );
    }

    const { tax } = priced;
    const newLine = { ticketTypeId: to.id, unitAmount: isComp(order) ? 0 : to.amount };
    const newTax = {
      rateBp: tax.rateBp,
      sacCode: tax.sacCode,
      taxable: tax.taxable,
      cgst: tax.cgst,
      sgst: tax.sgst,
      igst: tax.igst,
      total: tax.total,
    };
    // One of a group (or of a line others were cancelled from, whose shares its tax keeps):
    // their unit leaves the line for a line of its own, their pass with it.
    const split = !line.alone;
    let position = line.position;
    if (split) {
      position = await repository.insertUnitLine(tx, order.id, newLine);
      await splitLineTax(
        tx,
        order.id,
        { position: line.position, unit: line.paid },
        { position, tax: newTax },
      );
      await repository.takeUnitOffLine(tx, order.id, line.position);
      await repository.movePassToLine(tx, attendee.passId!, position);
    } else {
      await repository.changeLineTicketType(tx, order.id, line.position, newLine);
      await replaceLineTax(tx, order.id, line.position, newTax);
    }
    // The pass's QR code is signed with its ticket (docs/pass-token.md): the old one no longer
    // scans online, so the attendee is sent their pass again with the new one.
    await ctx.jobs.enqueue(tx, 'pass-email', { orderId: order.id, recipient: attendee.email });
    await ctx.jobs.enqueue(tx, 'ticket-changed-email', {
      orderId: order.id,
      registrationId: attendee.registrationId,
      ticketName: to.name,
    });
    await recordAudit(tx, actor, {
      at: now,
      action: 'order.change_ticket_type',
      entityType: 'order',
      entityId: order.reference,
      before: {
        attendee: attendee.name,
        passCode: attendee.passCode,
        ticket: line.ticketName,
        total: line.paid.total,
        line: { position: line.position, quantity: line.quantity },
      },
      after: {
        reason: `${attendee.name}, ${line.ticketName} → ${to.name}: ${request.reason}`,
        ticket: to.name,
        total: tax.total,
        line: split
          ? { position, quantity: 1, splitFrom: { position: line.position, quantity: line.quantity - 1 } }
          : { position, quantity: line.quantity },
        difference: priced.difference,
        words: formatRupees(Math.abs(priced.difference)),
        refund: refund ? { id: refund.id, amount: refund.amount } : null,
        collected: priced.difference > 0 ? priced.difference : 0,
        bankReference: bankTransferTakesPlace ? (request.bankReference ?? null) : null,
        creditNote: creditNote?.number ?? null,
        debitNote: debitNote?.number ?? null,
      },
    });
    return {
      ticketName: to.name,
      passCode: attendee.passCode ?? '',
      collected: priced.difference > 0 ? priced.difference : 0,
      refund: refund?.amount ?? 0,
      creditNote: creditNote?.number ?? null,
      debitNote: debitNote?.number ?? null,
    };
  });
}
