/**
 * "Manage my registration" (docs/self-service.md): what a signed-in registrant (sign-in.ts) sees
 * and fixes.
 *
 * What a session reaches: the registrations under its email, the orders they are in and
 *   those orders' attendees (colleagues the buyer registered). Names may be corrected, and
 *   answers to the registration questions seen and changed, for the person's own registrations
 *   and the colleagues of orders they bought (first attendee). Answers close when the edition
 *   ends (`hasEnded`, the moment checkout stops selling): after the festival they serve no one.
 */
import {
  type CheckoutRequest,
  type CheckoutResponse,
  type ManageAttendee,
  type ManageOverview,
  type UpdateAnswers,
} from '@festival/shared';
import type { Database } from '../../db/client.js';
import { ChangesClosedError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type { Actor } from '../audit/service.js';
import { checkout, getOrderDetails, payAgain, type CheckoutContext } from '../orders/service.js';
import { queuePassEmail } from '../passes/confirmation.js';
import { passesPdfFor } from '../passes/order-page.js';
import { hasEnded } from '../editions/service.js';
import { roleName } from '../reference-data/service.js';
import { answersOfAttendee, correctName, updateAnswers } from '../registrations/service.js';
import * as repository from './repository.js';
import { requireOrder, scopeOf } from './scope.js';
import { SESSION_MESSAGES } from './sign-in.js';

/**
 * The manage page: the email's attendees (own and colleagues), orders, valid passes, and the
 * answers to the registration questions of the attendees this session answers for.
 */
export async function overview(db: Database, email: string, now: Date): Promise<ManageOverview> {
  const scope = await scopeOf(db, email, now);
  const validPass = new Map(
    scope.passRows.filter((p) => p.revokedAt === null).map((p) => [p.registrationId, p.code]),
  );
  const open = !hasEnded(scope.event, now);
  const attendees: ManageAttendee[] = [];
  for (const row of scope.registrations.values()) {
    const theirs = scope.renamable.has(row.id);
    attendees.push({
      id: row.id,
      name: row.name,
      email: row.email,
      role: roleName(row.participantCategoryId),
      participantCategoryId: row.participantCategoryId,
      companyName: row.companyName,
      registeredAt: row.createdAt.toISOString(),
      canRename: scope.renamable.has(row.id),
      hasPass: validPass.has(row.id),
      // A typed pass code admits at the gate: a colleague sees their own, the buyer everyone's.
      passCode: theirs ? (validPass.get(row.id) ?? null) : null,
      answers: theirs ? await answersOfAttendee(db, row.id) : null,
      canEditAnswers: theirs && open,
    });
  }
  const deletion = await repository.openDeletionRequest(db, email);
  return {
    email,
    event: {
      name: scope.event.name,
      startDate: scope.event.startsAt.toISOString(),
      endDate: scope.event.endsAt.toISOString(),
      venue: scope.event.venue,
    },
    attendees,
    orders: scope.orders,
    deletionRequestedAt: deletion?.toISOString() ?? null,
  };
}

/**
 * Pays for attendees of this session: a new checkout (orders module: seats reserved, the
 * payment provider's order created) of the same attendees, e.g. those of an unpaid order.
 * @throws ForbiddenError an attendee outside the session (403); and whatever checkout throws
 */
export async function checkoutForSession(
  ctx: CheckoutContext,
  email: string,
  request: CheckoutRequest,
): Promise<CheckoutResponse> {
  const scope = await scopeOf(ctx.db, email, ctx.now());
  if (request.startupIds.some((id) => !scope.registrations.has(id))) {
    throw new ForbiddenError(SESSION_MESSAGES.notYours);
  }
  return checkout(ctx, request);
}

/**
 * Pays again for an order this session bought (its first attendee has the session's email):
 * orders `payAgain`, which decides the attendees, ticket, voucher, GST details and amount from
 * the stored order. A colleague of the order cannot: the voucher and GST details are the buyer's.
 * @throws ForbiddenError not an order this session bought (403); and whatever `payAgain` throws
 */
export async function payAgainForSession(
  ctx: CheckoutContext,
  email: string,
  reference: string,
): Promise<CheckoutResponse> {
  const scope = await scopeOf(ctx.db, email, ctx.now());
  if (!scope.bought.has(reference)) throw new ForbiddenError(SESSION_MESSAGES.notYours);
  return payAgain(ctx, reference);
}

/**
 * Queues the pass email of a paid order of this session again, to the session's address (the
 * buyer receives every pass, a colleague their own).
 * @throws ForbiddenError not an order of this session (403)
 * @throws OrderStateError the order is not paid (409)
 */
export async function resendPasses(
  db: Database,
  jobs: JobQueue,
  email: string,
  reference: string,
  now: Date,
) {
  requireOrder(await scopeOf(db, email, now), reference);
  return db.transaction(async (tx) => {
    const details = await getOrderDetails(tx, { reference });
    if (!details) throw new NotFoundError('Order not found');
    return { recipient: await queuePassEmail(tx, jobs, details.order, email) };
  });
}

/**
 * Corrects the spelling of an attendee's name (only the name), audited with the registrant
 * as actor.
 * @throws ForbiddenError not an attendee this session may rename (403)
 */
export async function renameAttendee(
  db: Database,
  actor: Actor,
  attendeeId: string,
  name: string,
  now: Date,
): Promise<void> {
  const scope = await scopeOf(db, actor.email, now);
  if (!scope.renamable.has(attendeeId)) throw new ForbiddenError(SESSION_MESSAGES.notYours);
  await correctName(db, actor, attendeeId, name, now);
}

/**
 * Changes an attendee's answers to the registration questions from the manage page, under the
 * forms' rules (registrations/answers.ts), audited with the registrant as actor; answers the
 * new state. The attendees this session may rename are the ones it may answer for.
 * @throws ForbiddenError not an attendee of this session's to answer for (403)
 * @throws ChangesClosedError the edition has ended (409)
 * @throws ValidationError an answer the question does not take, on `answers.<id>` (400)
 */
export async function changeAnswers(
  db: Database,
  actor: Actor,
  attendeeId: string,
  input: UpdateAnswers,
  now: Date,
) {
  const scope = await scopeOf(db, actor.email, now);
  if (!scope.renamable.has(attendeeId)) throw new ForbiddenError(SESSION_MESSAGES.notYours);
  if (hasEnded(scope.event, now)) throw new ChangesClosedError(SESSION_MESSAGES.answersClosed);
  return updateAnswers(db, actor, attendeeId, input.answers, now);
}

/**
 * The printable passes of an order of this session: every pass of an order this person bought
 * (its first attendee), their own passes of an order a colleague bought.
 * @throws ForbiddenError not an order of this session (403)
 */
export async function sessionPassesPdf(db: Database, email: string, reference: string, now: Date) {
  const scope = await scopeOf(db, email, now);
  requireOrder(scope, reference);
  return passesPdfFor(
    db,
    reference,
    scope.bought.has(reference) ? { kind: 'buyer' } : { kind: 'attendee', email: email.toLowerCase() },
  );
}
