/**
 * Changes to a paid order after the fact (issue 28 §2): an organizer cancels one attendee, or a
 * pass goes to another person.
 *
 * Cancelling an attendee, in one transaction under the order's lock:
 * - their pass is revoked: the gate refuses it online at once, and the scanners' sync lists it
 *   as revoked (the `checkin_changes` trigger of migration 0019 logs the change);
 * - their unit is taken off the order's line, so the seat is free; the waiting list's sweep
 *   offers it to the first in line before public sale sees it (modules/availability counts
 *   the seats owed to the line);
 * - their share of the line goes back to the buyer: the line's total with tax, as checkout
 *   computed it, split into its units (the largest remainder, so the shares add up to the
 *   line), at most what is left to refund; through the provider as a `refund` job, or, for a
 *   bank-transfer order, recorded with the bank reference of the transfer that returned it;
 * - a credit note for that line alone, quantity 1, when the order has a tax invoice;
 * - the attendee is told by email (a job), the buyer by the refund's email;
 * - an audit row with the reason.
 * The last attendee of an order is not cancelled this way: that is a full refund, which
 * closes the order. Nor is an attendee of a package sold per company (a stall), whose one unit
 * covers all its passes.
 */
import {
  formatRupees,
  type AttendeeCancellation,
  type AttendeeCancellationQuote,
  type CancelAttendeeRequest,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError, OrderStateError } from '../../errors.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { invoicePositionOf, issueCreditNote } from '../invoices/service.js';
import { isPaidOffline, lockOrder, ORDER_STATUS, statusWords, type OrderRow } from '../orders/service.js';
import { refundableOfOrder, refundPartOfLockedOrder } from '../payments/refunds.js';
import { shareOut } from '../tax/service.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Tells a cancelled attendee that their pass no longer admits them (order-changes/jobs.ts). */
    'attendee-cancelled-email': { orderId: string; registrationId: string };
  }
}

export interface OrderChangeContext {
  db: Database;
  jobs: JobQueue;
  now(): Date;
}

export type Attendee = repository.AttendeeWithPass;

/** Whether an attendee still holds a valid pass of the order (not cancelled, not transferred). */
export const holdsValidPass = (attendee: Attendee) =>
  attendee.passId !== null && attendee.revokedAt === null && !attendee.cancelledAt && !attendee.transferredAt;

/**
 * The order, locked, and the attendee of it whose pass is to change, with the others.
 * @throws NotFoundError unknown order, or no such attendee of it (404)
 * @throws OrderStateError the order is not paid, or the attendee holds no valid pass of it (409)
 */
export async function lockAttendee(tx: Executor, reference: string, registrationId: string) {
  const order = await lockOrder(tx, reference);
  if (!order) throw new NotFoundError('Order not found');
  if (order.status !== ORDER_STATUS.paid) {
    throw new OrderStateError(
      `Only attendees of paid orders can change; this order is ${statusWords(order.status)}`,
    );
  }
  const attendees = await repository.lockAttendeesWithPasses(tx, order.id);
  const attendee = attendees.find((row) => row.registrationId === registrationId);
  if (!attendee) throw new NotFoundError('This attendee is not part of the order');
  if (!holdsValidPass(attendee)) {
    const why = attendee.cancelledAt
      ? 'was cancelled already'
      : attendee.transferredAt
        ? 'transferred their pass already'
        : 'holds no valid pass of this order';
    throw new OrderStateError(`${attendee.name} ${why}`);
  }
  return { order, attendee, attendees };
}

/**
 * The units of an order's line that its stored tax stands for: those it holds and those of its
 * attendees cancelled from it, whose shares its tax keeps (a cancellation takes a unit off the
 * line, not its tax). A unit moved to a line of its own by a change of ticket took its share
 * with it (`splitLineTax`).
 */
export const unitsTaxed = (line: { position: number; quantity: number }, attendees: Attendee[]) => {
  const cancelled = attendees.filter((row) => row.cancelledAt && row.linePosition === line.position).length;
  return { units: line.quantity + cancelled, cancelled };
};

/**
 * Paise of the attendee's line that one more unit leaving it takes back (a cancellation, or a
 * move to another ticket): the line's total with tax (its units × unit price for an order from
 * before GST was recorded) split into the units it stands for (`unitsTaxed`), and the share of
 * the next unit leaving, so successive departures add up to the line exactly.
 * @throws OrderStateError the line is a package sold per company (409)
 */
async function shareOfNextCancellation(
  db: Executor,
  order: OrderRow,
  attendee: Attendee,
  attendees: Attendee[],
) {
  const line = await repository.findLine(db, order.id, attendee.linePosition ?? 0);
  if (!line) throw new NotFoundError('Order not found');
  if (line.soldPer !== 'attendee') {
    // A package's one unit covers all its attendees: one of them leaving frees no seat of it.
    throw new OrderStateError(
      'This order is a package sold per company, whose passes share one unit: refund part of the order instead',
    );
  }
  const { units, cancelled } = unitsTaxed(line, attendees);
  const total = line.taxTotal ?? line.unitAmount * units;
  return {
    line,
    share:
      shareOut(
        total,
        Array.from({ length: units }, () => 1),
      )[cancelled] ?? 0,
  };
}

/**
 * The position of the invoice line whose notes state a change of order line `line`
 * (`invoicePositionOf`): the line's own for a line checkout wrote, else the invoice line of its
 * rate and SAC; the line's own when it has no tax (no invoice cites it then).
 */
export async function billedAt(
  tx: Executor,
  orderId: string,
  line: { position: number; rateBp: number | null; sacCode: string | null },
): Promise<number> {
  if (line.rateBp === null || line.sacCode === null) return line.position;
  return (
    (await invoicePositionOf(tx, orderId, { ...line, rateBp: line.rateBp, sacCode: line.sacCode })) ??
    line.position
  );
}

/**
 * @throws OrderStateError the attendee is the order's last with a valid pass (409)
 */
function refuseLastAttendee(attendees: Attendee[]) {
  if (attendees.filter(holdsValidPass).length <= 1) {
    throw new OrderStateError(
      'This is the order’s last attendee with a pass: refund the order in full instead, which cancels it',
    );
  }
}

/**
 * What cancelling an attendee would refund, for the console's confirmation; changes nothing.
 * @throws NotFoundError / OrderStateError as `cancelAttendee`
 */
export async function quoteAttendeeCancellation(
  db: Database,
  reference: string,
  registrationId: string,
): Promise<AttendeeCancellationQuote> {
  // In a transaction only for the locks' sake: the figures are those a cancellation would see.
  return db.transaction(async (tx) => {
    const { order, attendee, attendees } = await lockAttendee(tx, reference, registrationId);
    refuseLastAttendee(attendees);
    const { share } = await shareOfNextCancellation(tx, order, attendee, attendees);
    return {
      attendeeName: attendee.name,
      passCode: attendee.passCode ?? '',
      refund: Math.min(share, await refundableOfOrder(tx, order)),
      checkedIn: attendee.checkedInAt !== null,
      paidOffline: isPaidOffline(order),
    };
  });
}

/**
 * An organizer cancels one attendee of a paid order (see the module's comment for all it does),
 * with a reason, in one transaction.
 * @throws NotFoundError unknown order, or no such attendee of it (404)
 * @throws OrderStateError the order is not paid, the attendee holds no valid pass of it, or is
 *   its last attendee with one (409)
 * @throws ValidationError a bank reference is missing for a bank-transfer order or given for a
 *   provider's (400)
 */
export async function cancelAttendee(
  ctx: OrderChangeContext,
  reference: string,
  registrationId: string,
  request: CancelAttendeeRequest,
  actor: Actor,
): Promise<AttendeeCancellation> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { order, attendee, attendees } = await lockAttendee(tx, reference, registrationId);
    refuseLastAttendee(attendees);
    const { line, share } = await shareOfNextCancellation(tx, order, attendee, attendees);
    const refund = await refundPartOfLockedOrder(
      tx,
      ctx,
      order,
      {
        amount: share,
        comment: `${attendee.name} cancelled: ${request.reason}`,
        bankReference: request.bankReference,
        requestedBy: actor.organizerId,
      },
      now,
    );
    const creditNote = refund
      ? await issueCreditNote(tx, order.id, refund, now, {
          position: await billedAt(tx, order.id, line),
          quantity: 1,
        })
      : undefined;
    await repository.revokePass(tx, attendee.passId!, now);
    await repository.takeUnitOffLine(tx, order.id, line.position);
    await repository.markAttendee(tx, order.id, attendee.registrationId, { cancelledAt: now });
    await ctx.jobs.enqueue(tx, 'attendee-cancelled-email', {
      orderId: order.id,
      registrationId: attendee.registrationId,
    });
    await recordAudit(tx, actor, {
      at: now,
      action: 'order.cancel_attendee',
      entityType: 'order',
      entityId: order.reference,
      before: { attendee: attendee.name, passCode: attendee.passCode, quantity: line.quantity },
      after: {
        reason: `${attendee.name}: ${request.reason}`,
        passRevoked: attendee.passCode,
        line: line.position,
        quantity: line.quantity - 1,
        refund: refund ? { id: refund.id, amount: refund.amount, words: formatRupees(refund.amount) } : null,
        bankReference: request.bankReference ?? null,
        creditNote: creditNote?.number ?? null,
      },
    });
    return {
      refund: refund?.amount ?? 0,
      creditNote: creditNote?.number ?? null,
      revokedPassCode: attendee.passCode!,
    };
  });
}
