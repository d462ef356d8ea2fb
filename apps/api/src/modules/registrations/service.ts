/**
 * Registration use cases (spec §3, §5, §7 `auth/create/StartUpDetailsMaster` and
 * `auth/investor`). Input has passed the shared schema; here the rules only the database
 * knows are checked, the registration, its details, its file records and the job that sends
 * the confirmation email are written in one transaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  EVENT_TIME_ZONE,
  PARTICIPANT_CATEGORY_NAMES,
  type RegistrationListQuery,
  type RegistrationPage,
  type RegistrationRow,
  type InvestorRegistration,
  type ParticipantCategoryId,
  type RegisteredAttendee,
  type StartupRegistration,
} from '@festival/shared';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { DuplicateRegistrationError, ValidationError } from '../../errors.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type { Mailer } from '../mail/mailer.js';
import * as referenceData from '../reference-data/service.js';
import type { Event } from '../reference-data/service.js';
import type { StagedUpload, UploadStore } from '../uploads/storage.js';
import { registrationConfirmationEmail, withArticle } from './emails.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** The registrant's confirmation email (registrations/jobs.ts). */
    'registration-email': { registrationId: string };
  }
}

export interface RegistrationDeps {
  db: Database;
  now(): Date;
  jobs: JobQueue;
  uploads: UploadStore;
}

const INVALID_FIELDS = 'Please correct the highlighted fields.';

/** Fields both forms share that point at reference data. */
interface CommonInput {
  email: string;
  countryCode?: string | undefined;
  contactNo?: string | undefined;
  CountryID: number;
  StateID?: number | undefined;
  participantCategoryId: number;
  ticketId?: number | undefined;
}

function roleOf(participantCategoryId: number): string {
  return PARTICIPANT_CATEGORY_NAMES[participantCategoryId as ParticipantCategoryId] ?? 'Participant';
}

/**
 * Field errors for references that do not resolve: the location (reference data) and the
 * ticket type.
 */
async function checkCommonReferences(db: Database, input: CommonInput, event: Event) {
  const errors = await referenceData.checkLocation(db, input);
  if (
    input.ticketId !== undefined &&
    !(await repository.ticketTypeMatches(db, input.ticketId, event.id, input.participantCategoryId))
  ) {
    errors.ticketId = `This ticket is not available for ${withArticle(roleOf(input.participantCategoryId))}.`;
  }
  return errors;
}

/** The phone pair the schema guarantees, narrowed for the insert. */
function phoneOf(input: CommonInput): { countryCode: string; contactNo: string } {
  const { countryCode, contactNo } = input;
  if (!countryCode || !contactNo) {
    throw new ValidationError(INVALID_FIELDS, { contactNo: 'Contact Number and country code is required' });
  }
  return { countryCode, contactNo };
}

/** The answer the Event Pass card shows (never a password, spec §6). */
function toAttendee(row: repository.Registration, event: Event): RegisteredAttendee {
  return {
    _id: row.id,
    participantCategoryId: row.participantCategoryId,
    role: roleOf(row.participantCategoryId),
    name: row.name,
    email: row.email,
    countryCode: row.countryCode,
    contactNo: row.contactNo,
    companyName: row.companyName,
    Event: { name: event.name, startDate: event.startsAt.toISOString(), endDate: event.endsAt.toISOString() },
  };
}

/**
 * Runs the inserts in one transaction. On failure the placed files are deleted, so nothing is
 * left half-written.
 * @throws DuplicateRegistrationError when the email already registered for this event and role.
 */
async function persist(
  deps: RegistrationDeps,
  role: string,
  files: readonly StagedUpload[],
  write: (tx: Transaction) => Promise<repository.Registration>,
): Promise<repository.Registration> {
  try {
    return await deps.db.transaction(async (tx) => {
      const registration = await write(tx);
      await deps.jobs.enqueue(tx, 'registration-email', { registrationId: registration.id });
      return registration;
    });
  } catch (error) {
    await deps.uploads.discard(files);
    if (isUniqueViolation(error, repository.DUPLICATE_EMAIL_INDEX)) {
      throw new DuplicateRegistrationError(
        `This email is already registered as ${withArticle(role)} for this event.`,
      );
    }
    throw error;
  }
}

/**
 * Registers a Pitcher or Start-Up with the startup form and its staged files.
 * @throws ValidationError for references that do not resolve (per-field messages).
 * @throws DuplicateRegistrationError for an email already registered in this role.
 */
export async function registerStartup(
  deps: RegistrationDeps,
  input: StartupRegistration,
  files: readonly StagedUpload[],
): Promise<RegisteredAttendee> {
  const { db } = deps;
  const event = await referenceData.getCurrentEvent(db);
  const errors = {
    ...(await checkCommonReferences(db, input, event)),
    ...(await referenceData.checkStartupProfile(db, input)),
  };
  if (Object.keys(errors).length > 0) throw new ValidationError(INVALID_FIELDS, errors);

  const now = deps.now();
  const role = roleOf(input.participantCategoryId);
  // Files go to their permanent names before the transaction; `persist` removes them if it fails.
  const placed = await deps.uploads.place(files, now);
  const row = await persist(deps, role, files, async (tx) => {
    const registration = await repository.insertRegistration(tx, {
      eventId: event.id,
      participantCategoryId: input.participantCategoryId,
      ticketTypeId: input.ticketId ?? null,
      name: input.contactPersonName,
      email: input.email,
      ...phoneOf(input),
      companyName: input.companyName,
      city: input.City,
      countryId: input.CountryID,
      stateId: input.StateID ?? null,
      pincode: input.pincode,
      address: input.address,
      description: input.description,
      termsAcceptedAt: now,
      createdAt: now,
    });
    await repository.insertStartupDetails(tx, {
      registrationId: registration.id,
      founderName: input.founderName,
      legalName: input.legalName,
      industryCategoryId: input.categoryId,
      startupStageId: input.stageOfStartup,
      teamSize: input.teamSize,
      establishedOn: input.yearFounded,
    });
    await repository.insertUploadedFiles(
      tx,
      placed.map((file) => ({
        registrationId: registration.id,
        purpose: file.purpose,
        storedName: file.storedName,
        originalName: file.originalName,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
        createdAt: now,
      })),
    );
    return registration;
  });

  return toAttendee(row, event);
}

/**
 * Registers an Investor. `investmentAmount` arrives in rupees and is stored in paise.
 * @throws ValidationError for references that do not resolve (per-field messages).
 * @throws DuplicateRegistrationError for an email already registered as an investor.
 */
export async function registerInvestor(
  deps: RegistrationDeps,
  input: InvestorRegistration,
): Promise<RegisteredAttendee> {
  const { db } = deps;
  const event = await referenceData.getCurrentEvent(db);
  const errors = await checkCommonReferences(db, input, event);
  if (Object.keys(errors).length > 0) throw new ValidationError(INVALID_FIELDS, errors);

  const now = deps.now();
  const role = roleOf(input.participantCategoryId);
  const row = await persist(deps, role, [], async (tx) => {
    const registration = await repository.insertRegistration(tx, {
      eventId: event.id,
      participantCategoryId: input.participantCategoryId,
      ticketTypeId: input.ticketId ?? null,
      name: input.name,
      email: input.email,
      ...phoneOf(input),
      companyName: input.companyName ?? null,
      city: input.City,
      countryId: input.CountryID,
      stateId: input.StateID ?? null,
      pincode: input.pincode ?? null,
      address: input.address ?? null,
      description: input.description ?? null,
      termsAcceptedAt: now,
      createdAt: now,
    });
    await repository.insertInvestorDetails(tx, {
      registrationId: registration.id,
      investmentAmount: Math.round(input.investmentAmount * 100),
    });
    return registration;
  });

  return toAttendee(row, event);
}

export interface ConfirmationDeps {
  db: Database;
  now(): Date;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Public origin of the site, for links in the email. */
  siteUrl: string;
}

/**
 * The `registration-email` job: sends the registrant's confirmation unless it was sent, then
 * records it. Throws when the mail server refuses (the job retries).
 */
export async function sendConfirmation(deps: ConfirmationDeps, registrationId: string): Promise<void> {
  const row = await repository.findRegistration(deps.db, registrationId);
  if (!row || row.confirmationSentAt) return;
  const event = await referenceData.getCurrentEvent(deps.db);
  await deps.mailer.send(
    registrationConfirmationEmail({
      name: row.name,
      email: row.email,
      role: roleOf(row.participantCategoryId),
      event,
      siteUrl: deps.siteUrl,
    }),
  );
  await repository.markConfirmationSent(deps.db, row.id, deps.now());
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
    payment: row.pass_code ? 'paid' : refunded ? 'refunded' : 'unpaid',
    orderReference: row.reference,
    ticketName: row.ticket_name,
    passCode: row.pass_code,
  };
}

/**
 * A page of the current edition's registrations for the console, newest first, filtered and
 * searched on the server (issue 8 §2). Days are India time.
 * @throws ValidationError a cursor that is not one this list gave out (400)
 */
export async function listRegistrations(
  db: Database,
  query: RegistrationListQuery,
): Promise<RegistrationPage> {
  const event = await referenceData.getCurrentEvent(db);
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
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next =
    rows.length > query.limit && last ? encodeCursor({ createdAt: last.cursor_at, id: last.id }) : null;
  return { items: page.map(toRow), nextCursor: next };
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
