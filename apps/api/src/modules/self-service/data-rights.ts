/**
 * A registrant's rights over their data (DPDP Act 2023 §11 and §12): the download of what is
 * stored about them, the request to erase it, and the organizers' carrying out of that request.
 */
import {
  type DeletionRequest,
  type DeletionRequestListQuery,
  type DeletionRequestPage,
  type ErasureOutcome,
  type ManageDataExport,
} from '@festival/shared';
import type { Database } from '../../db/client.js';
import { DeletionRequestHandledError, NotFoundError } from '../../errors.js';
import { decodeCursor, pageOf } from '../../lib/cursor.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { deleteOutboxMessagesMentioning } from '../mail/mailer.js';
import { recordAudit, redactPersonalData, type Actor } from '../audit/service.js';
import { passesOfAttendees } from '../passes/service.js';
import { answersOfRegistration } from '../questions/service.js';
import { roleName } from '../reference-data/service.js';
import { erasePersonalData as eraseInquiries } from '../contact/service.js';
import { erasePersonalData as eraseRegistrationAlerts } from '../registration-alerts/service.js';
import { erasePersonalData as eraseMessageRecipients } from '../messages/service.js';
import { erasePersonalData as erasePaymentEvents } from '../payments/erasure.js';
import { countTaxDocumentsOfRecipient } from '../invoices/service.js';
import { erasePersonalData as eraseRegistrations } from '../registrations/service.js';
import { erasePersonalData as eraseVotes } from '../voting/service.js';
import {
  erasePersonalData as eraseWaitingListEntries,
  WAITING_LIST_ENTITY_TYPE,
} from '../waiting-list/service.js';
import * as repository from './repository.js';
import { scopeOf } from './scope.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /**
     * Deletes the dev outbox's messages to an erased person (self-service/jobs.ts); the address
     * is read from the deletion request, so no job row holds it.
     */
    'erasure-outbox': { deletionRequestId: number };
  }
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
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({ createdAt: row.cursorAt, id: row.id }));
  return { items: page.map(toDeletionRequest), nextCursor };
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
