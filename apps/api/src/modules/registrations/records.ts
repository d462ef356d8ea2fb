/**
 * Registrations after sign-up: the organizer console's list and detail, its contact
 * corrections and pass resends, an uploaded file's download, the registrant's name correction
 * from their manage session, and erasure on a deletion request.
 */
import type { Readable } from 'node:stream';
import {
  EVENT_TIME_ZONE,
  LocaleSchema,
  SOURCE_LOCALE,
  UploadPurposeSchema,
  type Locale,
  type RegistrationDetail,
  type RegistrationListQuery,
  type RegistrationPage,
  type RegistrationRow,
  type UpdateRegistrationContact,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { DuplicateRegistrationError, NotFoundError, OrderStateError, ValidationError } from '../../errors.js';
import { decodeCursor, pageOf } from '../../lib/cursor.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { getOrder, ordersOfAttendee } from '../orders/service.js';
import { queuePassEmail } from '../passes/confirmation.js';
import { passesOfAttendee } from '../passes/service.js';
import { answersOfRegistration, eraseAnswers } from '../questions/service.js';
import * as referenceData from '../reference-data/service.js';
import type { UploadStore } from '../uploads/storage.js';
import { withArticle } from './emails.js';
import { INVALID_FIELDS, phoneOf, roleOf } from './fields.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Deletes erased registrations' uploaded files (stored names in the file store's `uploads`). */
    'registration-uploads-delete': { storedNames: string[] };
  }
}

/** Rows of the organizer console's registrations list. */
function toRow(row: repository.RegistrationListRow): RegistrationRow {
  const refunded = row.order_status === 'refund_due' || row.order_status === 'refunded';
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: `${row.country_code} ${row.contact_no}`,
    companyName: row.company_name,
    participantCategoryId: row.participant_category_id,
    role: roleOf(row.participant_category_id),
    registeredAt: new Date(row.created_at).toISOString(),
    payment: row.pass_code
      ? row.order_source === 'comp'
        ? 'comp'
        : 'paid'
      : refunded
        ? 'refunded'
        : 'unpaid',
    orderReference: row.reference,
    ticketName: row.ticket_name,
    passCode: row.pass_code,
  };
}

/**
 * A page of the current edition's registrations for the console, newest first, filtered and
 * searched on the server. Days are India time.
 * @throws ValidationError a cursor that is not one this list gave out (400)
 */
export async function listRegistrations(
  db: Database,
  query: RegistrationListQuery,
): Promise<RegistrationPage> {
  const event = await getCurrentEvent(db);
  const rows = await repository.searchRegistrations(db, {
    eventId: event.id,
    q: query.q?.toLowerCase() || undefined,
    category: query.category,
    ticketTypeId: query.ticketTypeId,
    payment: query.payment,
    fromDay: query.from,
    toDay: query.to,
    timeZone: EVENT_TIME_ZONE,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({ createdAt: row.cursor_at, id: row.id }));
  return { items: page.map(toRow), nextCursor };
}

/**
 * How many registered for an event in each participant category (organizer dashboard), every
 * category listed in id order, 0 when nobody registered in it.
 */
export async function countRegistrationsByCategory(
  db: Executor,
  eventId: number,
): Promise<{ participantCategoryId: number; name: string; registrations: number }[]> {
  return repository.countRegistrationsByCategory(db, eventId);
}

const NOT_FOUND = 'Registration not found';

/** Where organizers download an uploaded file (`GET /api/admin/uploads/{id}`). */
export const uploadDownloadUrl = (fileId: string) => `/api/admin/uploads/${fileId}`;

/**
 * One registration with every field the spec lists, the names behind its ids, its form's details,
 * its orders (newest first), its passes (revoked ones too), its answers to the registration
 * questions and its files with their download URLs, for the console.
 * @throws NotFoundError unknown id (404)
 */
export async function getRegistrationDetail(
  db: Database,
  id: string,
  now: Date,
): Promise<RegistrationDetail> {
  const row = await repository.findRegistrationDetail(db, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  const { registration: r, startup, investor } = row;
  const [orders, passes, files, answers] = await Promise.all([
    ordersOfAttendee(db, id, now),
    passesOfAttendee(db, id),
    repository.listUploadedFiles(db, id),
    answersOfRegistration(db, id),
  ]);
  return {
    id: r.id,
    participantCategoryId: r.participantCategoryId,
    role: roleOf(r.participantCategoryId),
    name: r.name,
    email: r.email,
    countryCode: r.countryCode,
    contactNo: r.contactNo,
    companyName: r.companyName,
    city: r.city,
    country: { id: r.countryId, name: row.countryName },
    state: r.stateId !== null && row.stateName !== null ? { id: r.stateId, name: row.stateName } : null,
    pincode: r.pincode,
    address: r.address,
    description: r.description,
    chosenTicket:
      r.ticketTypeId !== null && row.ticketName !== null
        ? { id: r.ticketTypeId, name: row.ticketName }
        : null,
    registeredAt: r.createdAt.toISOString(),
    termsAcceptedAt: r.termsAcceptedAt.toISOString(),
    confirmationSentAt: r.confirmationSentAt?.toISOString() ?? null,
    startup: startup
      ? {
          founderName: startup.founderName,
          legalName: startup.legalName,
          industryCategory: { id: startup.industryCategoryId, name: row.industryName ?? '' },
          stage: { id: startup.startupStageId, name: row.stageName ?? '' },
          teamSize: startup.teamSize,
          establishedOn: startup.establishedOn,
        }
      : null,
    investor: investor ? { investmentAmount: investor.investmentAmount } : null,
    orders,
    passes: passes.map((pass) => ({
      code: pass.code,
      orderReference: pass.orderReference,
      issuedAt: pass.issuedAt.toISOString(),
      checkedInAt: pass.checkedInAt?.toISOString() ?? null,
      revokedAt: pass.revokedAt?.toISOString() ?? null,
    })),
    answers,
    files: files.map((file) => ({
      id: file.id,
      purpose: UploadPurposeSchema.parse(file.purpose),
      originalName: file.originalName,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      uploadedAt: file.createdAt.toISOString(),
      downloadUrl: uploadDownloadUrl(file.id),
    })),
  };
}

const contactOf = (row: repository.Registration) => ({
  name: row.name,
  email: row.email,
  countryCode: row.countryCode,
  contactNo: row.contactNo,
});

/**
 * An organizer corrects a registration's contact fields. The input passed the
 * registration form's rules (shared schema); here the country code must be one of the list,
 * and the email must not be registered already in the same category and event (409, as at
 * registration). Audited with the fields before and after.
 * @throws NotFoundError unknown id (404)
 * @throws ValidationError a country code not in the list (400)
 * @throws DuplicateRegistrationError the email is registered already in this category (409)
 */
export async function updateContact(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateRegistrationContact,
  now: Date,
): Promise<RegistrationDetail> {
  const { countryCode, contactNo } = phoneOf(input);
  if (!(await referenceData.isKnownIsdCode(db, countryCode))) {
    const message = 'Choose a country code from the list.';
    throw new ValidationError(INVALID_FIELDS, { countryCode: message });
  }
  try {
    await db.transaction(async (tx) => {
      const before = await repository.lockRegistration(tx, id);
      if (!before) throw new NotFoundError(NOT_FOUND);
      const after = await repository.updateRegistrationContact(tx, id, {
        name: input.name,
        email: input.email,
        countryCode,
        contactNo,
      });
      await recordAudit(tx, actor, {
        at: now,
        action: 'registration.update_contact',
        entityType: 'registration',
        entityId: id,
        before: contactOf(before),
        after: contactOf(after),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, repository.DUPLICATE_EMAIL_INDEX)) {
      const registration = await repository.findRegistration(db, id);
      const role = roleOf(registration?.participantCategoryId ?? 0);
      const message = `This email is already registered as ${withArticle(role)} for this event.`;
      throw new DuplicateRegistrationError(message, { email: message });
    }
    throw error;
  }
  return getRegistrationDetail(db, id, now);
}

/**
 * An organizer resends an attendee's pass email, as the `pass-email` job sends
 * it after payment: to the attendee's address, with their pass (every pass of the order when
 * they are its buyer). Audited.
 * @throws NotFoundError unknown id (404)
 * @throws OrderStateError the attendee holds no valid pass (409)
 */
export async function resendPassEmail(
  deps: { db: Database; jobs: JobQueue },
  actor: Actor,
  id: string,
  now: Date,
): Promise<{ recipient: string; passCode: string }> {
  return deps.db.transaction(async (tx) => {
    const registration = await repository.findRegistration(tx, id);
    if (!registration) throw new NotFoundError(NOT_FOUND);
    const valid = (await passesOfAttendee(tx, id)).find((pass) => pass.revokedAt === null);
    const order = valid ? await getOrder(tx, valid.orderId) : undefined;
    if (!valid || !order) throw new OrderStateError(`${registration.name} has no valid pass to send`);
    const recipient = await queuePassEmail(tx, deps.jobs, order, registration.email);
    await recordAudit(tx, actor, {
      at: now,
      action: 'registration.pass_email',
      entityType: 'registration',
      entityId: id,
      before: null,
      after: { recipient, passCode: valid.code, orderReference: order.reference },
    });
    return { recipient, passCode: valid.code };
  });
}

/**
 * An uploaded file of a registration, for an organizer's download: its stored content, type
 * (sniffed at upload) and the name it was uploaded with.
 * @throws NotFoundError unknown id, or the file is gone from storage (404)
 */
export async function openUploadedFile(
  db: Database,
  uploads: UploadStore,
  fileId: string,
): Promise<{ body: Readable; mimeType: string; fileName: string; sizeBytes: number }> {
  const file = await repository.findUploadedFile(db, fileId);
  const body = file ? await uploads.open(file.storedName) : undefined;
  if (!file || !body) throw new NotFoundError('File not found');
  return { body, mimeType: file.mimeType, fileName: file.originalName, sizeBytes: file.sizeBytes };
}

/** Every registration of an event under this email (case-blind), oldest first. */
export async function registrationsOfEmail(db: Executor, eventId: number, email: string) {
  return repository.listByEmail(db, eventId, email);
}

/**
 * A registrant corrects the spelling of an attendee's name from their manage session. Only the
 * name changes; the audit row names the registrant as the actor.
 * @throws NotFoundError unknown id (404)
 */
export async function correctName(db: Database, actor: Actor, id: string, name: string, now: Date) {
  await db.transaction(async (tx) => {
    const before = await repository.lockRegistration(tx, id);
    if (!before) throw new NotFoundError(NOT_FOUND);
    if (before.name === name) return;
    await repository.updateName(tx, id, name);
    await recordAudit(tx, actor, {
      at: now,
      action: 'registration.correct_name',
      entityType: 'registration',
      entityId: id,
      before: { name: before.name },
      after: { name },
    });
  });
}

/**
 * Erases the personal data of every registration under `email` (a handled deletion request,
 * DPDP Act 2023 §12); see the repository's `erasePersonalData` for what changes; their answers
 * to the registration questions are deleted. Their
 * uploaded files are deleted by a `registration-uploads-delete` job written in `tx`, so the
 * files go only if the erasure commits. Passes stay valid, now under the name "Erased".
 * Returns the registrations' ids and how many files.
 */
export async function erasePersonalData(
  tx: Executor,
  jobs: JobQueue,
  email: string,
): Promise<{ ids: string[]; uploads: number }> {
  const { ids, storedNames } = await repository.erasePersonalData(tx, email);
  // Answers are the attendee's own words (diet, sizes, free text): they go with the rest.
  await eraseAnswers(tx, ids);
  if (storedNames.length > 0) await jobs.enqueue(tx, 'registration-uploads-delete', { storedNames });
  return { ids, uploads: storedNames.length };
}

/** The language a registration was made in, for mail to its registrant (English for an unknown id). */
export async function localeOfRegistration(db: Executor, registrationId: string): Promise<Locale> {
  const row = await repository.findRegistration(db, registrationId);
  return row ? LocaleSchema.parse(row.locale) : SOURCE_LOCALE;
}
