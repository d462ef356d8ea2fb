/**
 * A pass goes to another person (issue 28 §2): an organizer transfers any pass of a paid order,
 * and an attendee their own from the manage page when the edition allows it. In one
 * transaction under the order's lock: the new holder is registered (or their registration in
 * that edition and category found), joins the order after its attendees, and gets a new pass
 * with a new code, emailed to them (the `pass-email` job); the old pass is revoked, so the gate
 * refuses its code online and the scanners after their next sync; the old holder is marked as
 * having transferred it; an audit row records who did it, from whom and to whom. The order, its
 * seats and its money stay as they were.
 */
import type { PassTransfer, PassTransferRequest } from '@festival/shared';
import { ForbiddenError, NotFoundError, OrderStateError, ValidationError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { issuePasses, passesOfAttendee } from '../passes/service.js';
import { registrationForPassHolder } from '../registrations/service.js';
import * as repository from './repository.js';
import { lockAttendee, type OrderChangeContext } from './service.js';

/**
 * Who transfers: an organizer, or the pass's holder from their manage session (the actor's
 * email is the session's).
 */
export interface Transferrer {
  kind: 'organizer' | 'attendee';
  actor: Actor;
}

const NOT_ALLOWED = 'The festival team does not let attendees transfer passes. Please write to them.';

/**
 * Transfers the pass of attendee `registrationId` of order `reference` to `holder`.
 * @throws NotFoundError unknown order or attendee (404); for an attendee, a pass not their own
 *   answers the same, so codes cannot be probed
 * @throws ForbiddenError an attendee, when their edition does not allow transfers (403)
 * @throws OrderStateError the order is not paid, the pass no longer valid, or the new holder
 *   already holds a pass for the edition or is an attendee of the order (409)
 * @throws ValidationError the new holder is the pass's holder, or their country code is unknown (400)
 */
export async function transferPass(
  ctx: OrderChangeContext,
  reference: string,
  registrationId: string,
  holder: PassTransferRequest,
  by: Transferrer,
): Promise<PassTransfer> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { order, attendee, attendees } = await lockAttendee(tx, reference, registrationId);
    if (by.kind === 'attendee') {
      if (attendee.email.toLowerCase() !== by.actor.email.toLowerCase()) {
        throw new NotFoundError('This is not one of your passes');
      }
      if (!(await repository.attendeesMayTransfer(tx, order.eventId))) throw new ForbiddenError(NOT_ALLOWED);
    }
    if (holder.email.toLowerCase() === attendee.email.toLowerCase()) {
      const message = 'This person holds the pass already: enter the new holder’s email';
      throw new ValidationError(message, { email: message });
    }
    const { registration } = await registrationForPassHolder(tx, attendee.registrationId, holder, now);
    if (attendees.some((row) => row.registrationId === registration.id)) {
      throw new OrderStateError(`${holder.email} is an attendee of this order already`);
    }
    // One pass per person and edition, revoked ones included (passes_event_registration_uq).
    if ((await passesOfAttendee(tx, registration.id)).length > 0) {
      throw new OrderStateError(`${holder.email} already has a pass for this edition`);
    }
    await repository.revokePass(tx, attendee.passId!, now);
    await repository.markAttendee(tx, order.id, attendee.registrationId, { transferredAt: now });
    await repository.appendAttendee(tx, order.id, registration.id);
    await issuePasses(
      tx,
      { id: order.id, eventId: order.eventId },
      [registration.id],
      now,
      attendee.linePosition ?? 0,
    );
    const [issued] = await passesOfAttendee(tx, registration.id);
    if (!issued) throw new Error('the transferred pass was not issued');
    await ctx.jobs.enqueue(tx, 'pass-email', { orderId: order.id, recipient: registration.email });
    await recordAudit(tx, by.actor, {
      at: now,
      action: 'order.transfer_pass',
      entityType: 'order',
      entityId: order.reference,
      before: { holder: attendee.name, email: attendee.email, passCode: attendee.passCode },
      after: {
        reason: `${attendee.name} → ${registration.name}${by.kind === 'attendee' ? ' (by the holder)' : ''}`,
        holder: registration.name,
        email: registration.email,
        passCode: issued.code,
        revokedPassCode: attendee.passCode,
      },
    });
    return {
      revokedPassCode: attendee.passCode!,
      newPassCode: issued.code,
      holderName: registration.name,
      holderEmail: registration.email,
    };
  });
}

/**
 * An attendee transfers their own pass, named by its code, from their manage session (`email`).
 * @throws as `transferPass`; an unknown code is a NotFoundError (404)
 */
export async function transferOwnPass(
  ctx: OrderChangeContext,
  code: string,
  holder: PassTransferRequest,
  actor: Actor,
): Promise<PassTransfer> {
  const pass = await repository.findPassByCode(ctx.db, code);
  if (!pass) throw new NotFoundError('This is not one of your passes');
  return transferPass(ctx, pass.reference, pass.registrationId, holder, { kind: 'attendee', actor });
}

/** Whether the current edition lets attendees transfer their own passes. */
export async function attendeeTransfersAllowed(ctx: Pick<OrderChangeContext, 'db'>): Promise<boolean> {
  return repository.attendeesMayTransfer(ctx.db, (await getCurrentEvent(ctx.db)).id);
}

/** Lets attendees of the current edition transfer their own passes, or stops them; audited. */
export async function setAttendeeTransfers(
  ctx: OrderChangeContext,
  allowed: boolean,
  actor: Actor,
): Promise<boolean> {
  const now = ctx.now();
  const event = await getCurrentEvent(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const before = await repository.attendeesMayTransfer(tx, event.id);
    await repository.setAttendeesMayTransfer(tx, event.id, allowed, now);
    await recordAudit(tx, actor, {
      at: now,
      action: 'settings.pass_transfers',
      entityType: 'edition',
      entityId: event.id,
      before: { attendeesMayTransfer: before },
      after: { attendeesMayTransfer: allowed },
    });
    return allowed;
  });
}
