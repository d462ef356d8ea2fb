/**
 * "Manage my registration" (docs/self-service.md): a registrant proves they read an email address
 * by a single-use link, then sees and fixes what that address is part of.
 *
 * - The link carries a token of 256 bits: HMAC-SHA256 under OTP_SECRET of a random nonce. The
 *   table keeps only the token's SHA-256, and the job that mails the link carries only the
 *   nonce, so neither a copy of the database nor of the job queue can open a session. A link
 *   works once (`consumeLink` is one conditional UPDATE) and for MANAGE_LINK_MINUTES.
 * - Requests answer the same whether or not the email is registered; past
 *   MANAGE_LINKS_PER_EMAIL_PER_HOUR they are ignored, also silently (the route adds a limit
 *   per client address, which does answer 429).
 * - The session is a bearer token kept by the page in sessionStorage and sent as
 *   `Authorization: Bearer …`. Why not a cookie: nothing else on the public site has one, a
 *   header cannot be sent by another site's form (no CSRF defence needed), and the session
 *   ends with the tab. It lasts MANAGE_SESSION_MINUTES; only its SHA-256 is stored.
 * - What a session reaches: the registrations under its email, the orders they are in and
 *   those orders' attendees (colleagues the buyer registered). Names may be corrected, and
 *   answers to the registration questions seen and changed, for the person's own registrations
 *   and the colleagues of orders they bought (first attendee). Answers close when the edition
 *   ends (`hasEnded`, the moment checkout stops selling): after the festival they serve no one.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MANAGE_LINK_MINUTES,
  MANAGE_LINKS_PER_EMAIL_PER_HOUR,
  MANAGE_SESSION_MINUTES,
  type CheckoutRequest,
  type CheckoutResponse,
  type DeletionRequest,
  type DeletionRequestListQuery,
  type DeletionRequestPage,
  type ErasureOutcome,
  type ManageAttendee,
  type ManageDataExport,
  type ManageOrder,
  type ManageOverview,
  type ManageSession,
  type UpdateAnswers,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import {
  ChangesClosedError,
  DeletionRequestHandledError,
  ForbiddenError,
  ManageSessionError,
  NotFoundError,
} from '../../errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { deleteOutboxMessagesMentioning } from '../mail/mailer.js';
import { recordAudit, redactPersonalData, type Actor } from '../audit/service.js';
import {
  checkout,
  getOrderDetails,
  ordersWithAttendees,
  ordersWithReportedFailure,
  payAgain,
  visitorStatus,
  type CheckoutContext,
} from '../orders/service.js';
import { queuePassEmail } from '../passes/confirmation.js';
import { passesPdfFor } from '../passes/order-page.js';
import { passesOfAttendees } from '../passes/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { hasEnded } from '../editions/service.js';
import { answersOfRegistration } from '../questions/service.js';
import { roleName } from '../reference-data/service.js';
import { erasePersonalData as eraseInquiries } from '../contact/service.js';
import { erasePersonalData as eraseRegistrationAlerts } from '../registration-alerts/service.js';
import { erasePersonalData as eraseMessageRecipients } from '../messages/service.js';
import { erasePersonalData as erasePaymentEvents } from '../payments/erasure.js';
import { countTaxDocumentsOfRecipient } from '../invoices/service.js';
import {
  answersOfAttendee,
  correctName,
  erasePersonalData as eraseRegistrations,
  registrationsOfEmail,
  updateAnswers,
} from '../registrations/service.js';
import { erasePersonalData as eraseVotes } from '../voting/service.js';
import {
  erasePersonalData as eraseWaitingListEntries,
  WAITING_LIST_ENTITY_TYPE,
} from '../waiting-list/service.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** A manage sign-in link; the token is re-derived from the nonce (self-service/jobs.ts). */
    'manage-link-email': { linkId: number; nonce: string };
    /**
     * Deletes the dev outbox's messages to an erased person (self-service/jobs.ts); the address
     * is read from the deletion request, so no job row holds it.
     */
    'erasure-outbox': { deletionRequestId: number };
  }
}

const MINUTE_MS = 60_000;

export const SESSION_MESSAGES = {
  linkInvalid: 'This sign-in link has expired or was already used. Please ask for a new one.',
  sessionEnded: 'Your session has ended. Please ask for a new sign-in link.',
  notYours: 'This is not one of your registrations or orders.',
  answersClosed: 'The festival is over, so answers can no longer be changed.',
} as const;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The link token of a nonce: base64url HMAC-SHA256 under the server's secret. */
export function linkToken(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`manage-link:${nonce}`).digest('base64url');
}

/** Where the emailed link points: the token rides in the fragment, so it never reaches a server log. */
export function manageLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/manage#token=${token}`;
}

/** A registrant acting from their manage session, as the audit log records them. */
export function registrantActor(email: string, ip: string): Actor {
  return { organizerId: 'registrant', email, ip };
}

export interface LinkDeps {
  db: Database;
  jobs: JobQueue;
  now(): Date;
  log: FastifyBaseLogger;
  secret: string;
}

/**
 * Queues a sign-in link for `email` (lower-cased by the schema) when it has a registration for
 * the current event and has not asked MANAGE_LINKS_PER_EMAIL_PER_HOUR times this hour. The
 * caller answers the same in every case.
 */
export async function requestLink(deps: LinkDeps, email: string, ip: string | undefined): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    if ((await registrationsOfEmail(tx, event.id, email)).length === 0) return;
    const since = new Date(now.getTime() - 60 * MINUTE_MS);
    if ((await repository.countLinksSince(tx, email, since)) >= MANAGE_LINKS_PER_EMAIL_PER_HOUR) {
      deps.log.info('manage link not sent: hourly limit of the email reached');
      return;
    }
    const link = await issueLink(tx, deps.secret, email, { minutes: MANAGE_LINK_MINUTES, ip, now });
    await deps.jobs.enqueue(tx, 'manage-link-email', link);
  });
}

/**
 * Stores a single-use sign-in link for `email`, valid `minutes` from `now`, in the caller's
 * transaction, and answers what the job that mails it carries: the link's id and nonce (the
 * token is derived from the nonce only when mailing, `linkToSend`). For a sign-in the person
 * asked for, and for an email that invites them back (an unpaid registration's reminder).
 */
export async function issueLink(
  tx: Executor,
  secret: string,
  email: string,
  { minutes, ip, now }: { minutes: number; ip: string | undefined; now: Date },
): Promise<{ linkId: number; nonce: string }> {
  const nonce = randomBytes(16).toString('base64url');
  const link = await repository.insertLink(tx, {
    email,
    tokenHash: sha256(linkToken(secret, nonce)),
    expiresAt: new Date(now.getTime() + minutes * MINUTE_MS),
    ip: ip ?? null,
    createdAt: now,
  });
  return { linkId: link.id, nonce };
}

/**
 * The link of a queued `manage-link-email` job, with its token, while it can still be used;
 * undefined once used or expired (then there is nothing worth sending).
 */
export async function linkToSend(
  deps: Pick<LinkDeps, 'db' | 'secret'>,
  linkId: number,
  nonce: string,
  now: Date,
) {
  const link = await repository.findLink(deps.db, linkId);
  if (!link || link.usedAt || link.expiresAt.getTime() <= now.getTime()) return undefined;
  const token = linkToken(deps.secret, nonce);
  if (sha256(token) !== link.tokenHash) return undefined;
  return { email: link.email, token, expiresAt: link.expiresAt };
}

/**
 * Spends a link and opens a session of MANAGE_SESSION_MINUTES.
 * @throws ManageSessionError the link is unknown, used or expired (401)
 */
export async function openSession(db: Database, token: string, now: Date): Promise<ManageSession> {
  const sessionToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + MANAGE_SESSION_MINUTES * MINUTE_MS);
  const email = await db.transaction(async (tx) => {
    const owner = await repository.consumeLink(tx, sha256(token), now);
    if (!owner) return undefined;
    await repository.insertSession(tx, {
      email: owner,
      tokenHash: sha256(sessionToken),
      expiresAt,
      createdAt: now,
    });
    return owner;
  });
  if (!email) throw new ManageSessionError(SESSION_MESSAGES.linkInvalid);
  return { sessionToken, email, expiresAt: expiresAt.toISOString() };
}

/**
 * The email of the session behind an `Authorization: Bearer …` header.
 * @throws ManageSessionError no header, or an unknown or expired session (401)
 */
export async function sessionEmail(
  db: Database,
  authorization: string | undefined,
  now: Date,
): Promise<string> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  const email = token ? await repository.findSessionEmail(db, sha256(token), now) : undefined;
  if (!email) throw new ManageSessionError(SESSION_MESSAGES.sessionEnded);
  return email;
}

/** Ends a session (sign out). */
export async function closeSession(db: Database, authorization: string | undefined): Promise<void> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (token) await repository.deleteSession(db, sha256(token));
}

/** What an email is part of, in the current edition. */
async function scopeOf(db: Database, email: string, now: Date) {
  const event = await getCurrentEvent(db);
  const own = await registrationsOfEmail(db, event.id, email);
  const { orders: orderRows, attendees: members } = await ordersWithAttendees(
    db,
    own.map((row) => row.id),
  );
  const ownIds = new Set(own.map((row) => row.id));
  const registrations = new Map(own.map((row) => [row.id, row]));
  for (const member of members) registrations.set(member.registration.id, member.registration);
  // Colleagues of an order this person bought (its first attendee) may be renamed by them.
  const renamable = new Set(ownIds);
  const boughtOrders = new Set(
    members.filter((m) => m.position === 0 && ownIds.has(m.registration.id)).map((m) => m.orderId),
  );
  for (const member of members) if (boughtOrders.has(member.orderId)) renamable.add(member.registration.id);

  const bought = new Set(
    orderRows.filter(({ order }) => boughtOrders.has(order.id)).map(({ order }) => order.reference),
  );
  const failed = await ordersWithReportedFailure(
    db,
    orderRows.map(({ order }) => order.id),
  );
  const passRows = await passesOfAttendees(db, [...registrations.keys()]);
  const passHolders = new Set(passRows.map((row) => row.registrationId));
  const attendeeIdsOf = (orderId: string) =>
    members.filter((m) => m.orderId === orderId).map((m) => m.registration.id);
  const orders: ManageOrder[] = orderRows.map(({ order, ticketName }) => {
    const status = visitorStatus(order, failed.has(order.id), now);
    const attendeeIds = attendeeIdsOf(order.id);
    // Newest first: the first order holding the buyer is the one that took any older one's place.
    const newestOfBuyer = orderRows.find(({ order: other }) =>
      attendeeIdsOf(other.id).includes(attendeeIds[0] ?? ''),
    );
    return {
      reference: order.reference,
      status,
      ticketTypeId: order.ticketTypeId,
      ticketName,
      quantity: order.quantity,
      amount: order.amount,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      attendeeIds,
      canPayAgain:
        bought.has(order.reference) &&
        order.source === 'checkout' &&
        PAYABLE_AGAIN.has(status) &&
        newestOfBuyer?.order.id === order.id &&
        !attendeeIds.some((id) => passHolders.has(id)),
    };
  });
  return { event, own, ownIds, registrations, renamable, orders, bought, passRows };
}

/** Statuses an order may be paid again from (orders `payAgain` decides; this only offers it). */
const PAYABLE_AGAIN = new Set<string>(['pending', 'failed', 'expired']);

type Scope = Awaited<ReturnType<typeof scopeOf>>;

function requireOrder(scope: Scope, reference: string): ManageOrder {
  const order = scope.orders.find((row) => row.reference === reference);
  if (!order) throw new ForbiddenError(SESSION_MESSAGES.notYours);
  return order;
}

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

/**
 * The person's data (DPDP Act 2023 §11, right to information): their own registrations as
 * stored with their answers to the registration questions, the orders they are in, and their
 * passes.
 */
export async function exportData(db: Database, email: string, now: Date): Promise<ManageDataExport> {
  const scope = await scopeOf(db, email, now);
  const passRows = await passesOfAttendees(db, [...scope.ownIds]);
  const names = new Map(scope.own.map((row) => [row.id, row.name]));
  return {
    email,
    exportedAt: now.toISOString(),
    registrations: await Promise.all(
      scope.own.map(async (row) => ({
        id: row.id,
        role: roleName(row.participantCategoryId),
        name: row.name,
        email: row.email,
        countryCode: row.countryCode,
        contactNo: row.contactNo,
        companyName: row.companyName,
        city: row.city,
        pincode: row.pincode,
        address: row.address,
        description: row.description,
        termsAcceptedAt: row.termsAcceptedAt.toISOString(),
        registeredAt: row.createdAt.toISOString(),
        answers: await answersOfRegistration(db, row.id),
      })),
    ),
    orders: scope.orders,
    passes: passRows.map((row) => ({
      code: row.code,
      attendeeName: names.get(row.registrationId) ?? '',
      orderReference: row.orderReference,
      issuedAt: row.issuedAt.toISOString(),
      revoked: row.revokedAt !== null,
    })),
  };
}

/**
 * Records a request to erase this email's personal data (DPDP Act 2023 §12) for the organizers,
 * who erase what the law lets them; audited so the console's audit log lists it. A second
 * request while one is open changes nothing.
 */
export async function requestDeletion(db: Database, actor: Actor, now: Date): Promise<Date> {
  return db.transaction(async (tx) => {
    const open = await repository.openDeletionRequest(tx, actor.email);
    if (open) return open;
    await repository.insertDeletionRequest(tx, actor.email, now);
    await recordAudit(tx, actor, {
      at: now,
      action: 'registrant.deletion_request',
      entityType: 'registrant',
      entityId: actor.email,
      before: null,
      after: { requestedAt: now.toISOString() },
    });
    return now;
  });
}

function toDeletionRequest(row: repository.DeletionRequestRow): DeletionRequest {
  return {
    id: row.id,
    email: row.email,
    requestedAt: row.requestedAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    outcome: row.outcome ?? null,
  };
}

/** The console's list of deletion requests, newest first, page by page. */
export async function listDeletionRequests(
  db: Database,
  query: DeletionRequestListQuery,
): Promise<DeletionRequestPage> {
  const rows = await repository.listDeletionRequests(db, {
    status: query.status,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toDeletionRequest),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.cursorAt, id: last.id }) : null,
  };
}

/**
 * The `erasure-outbox` job of a carried-out deletion request: deletes the messages in
 * `outboxDir` that mention the request's address (mail/mailer.ts). Runs after the erasure
 * commits, so a rolled-back erasure deletes nothing.
 * @returns how many messages were deleted; 0 for an unknown request
 */
export async function eraseOutboxOfRequest(db: Database, outboxDir: string, id: number): Promise<number> {
  const request = await repository.findDeletionRequest(db, id);
  return request ? deleteOutboxMessagesMentioning(outboxDir, request.email) : 0;
}

/** What carrying out a deletion request needs besides the database. */
export interface ErasureDeps {
  db: Database;
  /**
   * Deletes the jobs that mention the address and queues the deletion of the erased
   * registrations' files and outbox messages, in the erasure's transaction.
   */
  jobs: JobQueue;
  /** OTP_SECRET: the key of the award votes' voter keys (modules/voting). */
  otpSecret: string;
}

/**
 * Carries out a deletion request (DPDP Act 2023 §12(3)) in one transaction: erases the
 * personal data under the request's email from registrations (their uploaded files deleted
 * after commit by a job), contact inquiries, waiting-list entries, award votes, the "Tell me
 * when registration opens" list and stored payment notifications (each module's
 * `erasePersonalData`), deletes its manage links and
 * sessions and every job that mentions the address, replaces the person's data in the audit
 * log's entries (`redactPersonalData`), queues the deletion of the dev outbox's messages to
 * them (`erasure-outbox`), and marks every open request of that email handled with what
 * changed. Tax invoices and credit notes are kept as issued (CGST Act §36); the deletion
 * request keeps the address as the record that it was answered. Audited as `registrant.erase`,
 * with counts only.
 * @throws NotFoundError unknown request (404)
 * @throws DeletionRequestHandledError already carried out (409)
 */
export async function eraseForDeletionRequest(
  deps: ErasureDeps,
  id: number,
  actor: Actor,
  now: Date,
): Promise<DeletionRequest> {
  return deps.db.transaction(async (tx) => {
    const request = await repository.lockDeletionRequest(tx, id);
    if (!request) throw new NotFoundError('Deletion request not found');
    if (request.handledAt) throw new DeletionRequestHandledError('This request has already been carried out');
    const { email } = request;
    const registrations = await eraseRegistrations(tx, deps.jobs, email);
    const inquiries = await eraseInquiries(tx, email);
    const waitingListEntries = await eraseWaitingListEntries(tx, actor, email, now);
    const votes = await eraseVotes(tx, email, deps.otpSecret);
    const registrationAlerts = await eraseRegistrationAlerts(tx, email);
    const messageRecipients = await eraseMessageRecipients(tx, email);
    const paymentEventsRedacted = await erasePaymentEvents(tx, registrations.ids, email, now);
    await repository.deleteLinksAndSessionsOf(tx, email);
    const jobsDeleted = await deps.jobs.deleteMentioning(tx, email);
    await deps.jobs.enqueue(tx, 'erasure-outbox', { deletionRequestId: id });
    const auditEntriesRedacted = await redactPersonalData(
      tx,
      email,
      [
        { entityType: 'registration', entityIds: registrations.ids },
        { entityType: 'inquiry', entityIds: inquiries.map(String) },
        { entityType: WAITING_LIST_ENTITY_TYPE, entityIds: waitingListEntries.map(String) },
      ],
      now,
    );
    const outcome: ErasureOutcome = {
      registrations: registrations.ids.length,
      inquiries: inquiries.length,
      votes,
      uploads: registrations.uploads,
      waitingListEntries: waitingListEntries.length,
      registrationAlerts,
      messageRecipients,
      auditEntriesRedacted,
      paymentEventsRedacted,
      jobsDeleted,
      taxDocumentsKept: await countTaxDocumentsOfRecipient(tx, email),
    };
    await repository.markDeletionHandled(tx, email, outcome, now);
    await recordAudit(tx, actor, {
      at: now,
      action: 'registrant.erase',
      entityType: 'deletion_request',
      entityId: String(id),
      before: null,
      after: outcome,
    });
    return toDeletionRequest({ ...request, handledAt: now, outcome });
  });
}
