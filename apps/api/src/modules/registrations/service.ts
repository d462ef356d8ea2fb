/**
 * Registration use cases (spec §3, §5, §7 `auth/create/StartUpDetailsMaster` and
 * `auth/investor`). Input has passed the shared schema; here the rules only the database
 * knows are checked, the registration, its details, its file records and the job that sends
 * the confirmation email are written in one transaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import {
  EVENT_TIME_ZONE,
  ALREADY_REGISTERED_CODE,
  PARTICIPANT_CATEGORY_NAMES,
  UploadPurposeSchema,
  type RegistrationDetail,
  type UpdateRegistrationContact,
  type RegistrationListQuery,
  type RegistrationPage,
  type RegistrationRow,
  type ColleagueRegistration,
  type InvestorRegistration,
  type ParticipantCategoryId,
  type RegisteredAttendee,
  type StartupRegistration,
  type VisitorPassRegistration,
  SALES_NOT_OPEN_CODE,
} from '@festival/shared';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import {
  DuplicateRegistrationError,
  NotFoundError,
  NotOnSaleError,
  OrderStateError,
  ValidationError,
} from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getOrder, ordersOfAttendee } from '../orders/service.js';
import { queuePassEmail } from '../passes/confirmation.js';
import { passesOfAttendee } from '../passes/service.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type { Mailer } from '../mail/mailer.js';
import * as referenceData from '../reference-data/service.js';
import type { Event } from '../reference-data/service.js';
import { isSoldTo, saleWindows } from '../tickets/service.js';
import { assertSalesOpen, currentSales, salesOf } from '../editions/sales.js';
import type { StagedUpload, UploadStore } from '../uploads/storage.js';
import { registrationConfirmationEmail, withArticle } from './emails.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** The registrant's confirmation email (registrations/jobs.ts). */
    'registration-email': { registrationId: string };
    /** Deletes erased registrations' uploaded files (stored names under DATA_DIR/uploads). */
    'registration-uploads-delete': { storedNames: string[] };
  }
}

export interface RegistrationDeps {
  db: Database;
  now(): Date;
  jobs: JobQueue;
  uploads: UploadStore;
  /**
   * Emails a "Manage my registration" sign-in link to a registered address (the self-service
   * module's `requestLink`, with the requester's address); resolves the same whether it sent one.
   */
  requestManageLink(email: string): Promise<void>;
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
 * The current edition, once its sales are open for `participantCategoryId` at `now`: sales of
 * the whole edition first (the message the site shows), then of the category (a tab whose
 * tickets are all off sale while others sell). Checked before anything is stored or mailed,
 * so no confirmation promises a ticket that cannot be bought.
 * @throws NotOnSaleError / SalesEndedError code SALES_NOT_OPEN (409)
 */
async function openEdition(db: Executor, now: Date, participantCategoryId: number): Promise<Event> {
  const { event, sales } = await currentSales(db, now);
  assertSalesOpen(sales);
  const windows = await saleWindows(db, event.id);
  if (salesOf(event, windows, now, participantCategoryId).state !== 'open') {
    throw new NotOnSaleError(
      `${roleOf(participantCategoryId)} tickets are not on sale at the moment`,
      undefined,
      SALES_NOT_OPEN_CODE,
    );
  }
  return event;
}

/**
 * Field errors for references that do not resolve: the location (reference data) and the
 * ticket type.
 */
async function checkCommonReferences(db: Database, input: CommonInput, event: Event) {
  const errors = await referenceData.checkLocation(db, input);
  if (
    input.ticketId !== undefined &&
    !(await isSoldTo(db, event.id, input.ticketId, input.participantCategoryId))
  ) {
    errors.ticketId = `This ticket is not available for ${withArticle(roleOf(input.participantCategoryId))}.`;
  }
  return errors;
}

/** The phone pair the schema guarantees, narrowed for the insert. */
function phoneOf(input: Pick<CommonInput, 'countryCode' | 'contactNo'>): {
  countryCode: string;
  contactNo: string;
} {
  const { countryCode, contactNo } = input;
  if (!countryCode || !contactNo) {
    throw new ValidationError(INVALID_FIELDS, { contactNo: 'Contact Number and country code is required' });
  }
  return { countryCode, contactNo };
}

/** The registration's columns both forms fill alike; `now` is when the terms were accepted. */
function formValues(input: CommonInput & { City: string }, event: Event, now: Date) {
  return {
    eventId: event.id,
    participantCategoryId: input.participantCategoryId,
    ticketTypeId: input.ticketId ?? null,
    email: input.email,
    ...phoneOf(input),
    city: input.City,
    countryId: input.CountryID,
    stateId: input.StateID ?? null,
    termsAcceptedAt: now,
    createdAt: now,
  };
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
 * left half-written. `email` is the one the unique index may find registered already.
 * @throws DuplicateRegistrationError when the email already registered for this event and role.
 */
async function persist(
  deps: RegistrationDeps,
  role: string,
  email: string,
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
      throw await duplicateRegistration(deps, role, email);
    }
    throw error;
  }
}

/**
 * The refusal of a second registration with the same email and role. Whoever typed the email
 * learns only that it is registered, never whether it paid: the answer is one and the same,
 * and the way on (pay, download passes, correct a name) is a manage link mailed to that inbox,
 * which only its owner reads. The self-service module caps the links an email receives.
 */
async function duplicateRegistration(
  deps: RegistrationDeps,
  role: string,
  email: string,
): Promise<DuplicateRegistrationError> {
  await deps.requestManageLink(email.toLowerCase());
  return new DuplicateRegistrationError(
    `This email is already registered as ${withArticle(role)} for this event. We've emailed you a link to your registration.`,
    undefined,
    ALREADY_REGISTERED_CODE,
  );
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
  const now = deps.now();
  const event = await openEdition(db, now, input.participantCategoryId);
  const errors = {
    ...(await checkCommonReferences(db, input, event)),
    ...(await referenceData.checkStartupProfile(db, input)),
  };
  if (Object.keys(errors).length > 0) throw new ValidationError(INVALID_FIELDS, errors);

  const role = roleOf(input.participantCategoryId);
  // Files go to their permanent names before the transaction; `persist` removes them if it fails.
  const placed = await deps.uploads.place(files, now);
  const row = await persist(deps, role, input.email, files, (tx) =>
    repository.insertRegistration(
      tx,
      {
        ...formValues(input, event, now),
        name: input.contactPersonName,
        companyName: input.companyName,
        pincode: input.pincode,
        address: input.address,
        description: input.description,
      },
      {
        startup: {
          founderName: input.founderName,
          legalName: input.legalName,
          industryCategoryId: input.categoryId,
          startupStageId: input.stageOfStartup,
          teamSize: input.teamSize,
          establishedOn: input.yearFounded,
        },
        files: placed.map((file) => ({
          purpose: file.purpose,
          storedName: file.storedName,
          originalName: file.originalName,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          sha256: file.sha256,
          createdAt: now,
        })),
      },
    ),
  );

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
  const now = deps.now();
  const event = await openEdition(db, now, input.participantCategoryId);
  const errors = await checkCommonReferences(db, input, event);
  if (Object.keys(errors).length > 0) throw new ValidationError(INVALID_FIELDS, errors);

  const role = roleOf(input.participantCategoryId);
  const row = await persist(deps, role, input.email, [], (tx) =>
    repository.insertRegistration(
      tx,
      {
        ...formValues(input, event, now),
        name: input.name,
        companyName: input.companyName ?? null,
        pincode: input.pincode ?? null,
        address: input.address ?? null,
        description: input.description ?? null,
      },
      { investor: { investmentAmount: Math.round(input.investmentAmount * 100) } },
    ),
  );

  return toAttendee(row, event);
}

/**
 * Registers a Visitor when the current edition sells Visitor passes here
 * (`visitorRegistration` 'pass'); the pass is then bought like any other tab's.
 * @throws NotOnSaleError the edition's visitors register on its external listing, or sales are not open (409)
 * @throws ValidationError for references that do not resolve (per-field messages).
 * @throws DuplicateRegistrationError for an email already registered as a visitor.
 */
export async function registerVisitor(
  deps: RegistrationDeps,
  input: VisitorPassRegistration,
): Promise<RegisteredAttendee> {
  const { db } = deps;
  const now = deps.now();
  const current = await referenceData.getCurrentEvent(db);
  if (current.visitorRegistration !== 'pass') {
    throw new NotOnSaleError(
      'Visitors register on the event-listing page for this edition: use the Register button of the Visitor tab.',
    );
  }
  const event = await openEdition(db, now, input.participantCategoryId);
  const errors = await checkCommonReferences(db, input, event);
  if (Object.keys(errors).length > 0) throw new ValidationError(INVALID_FIELDS, errors);

  const row = await persist(deps, roleOf(input.participantCategoryId), input.email, [], (tx) =>
    repository.insertRegistration(
      tx,
      {
        ...formValues(input, event, now),
        name: input.name,
        companyName: null,
        pincode: input.pincode ?? null,
        address: input.address ?? null,
        description: null,
      },
      {},
    ),
  );

  return toAttendee(row, event);
}

const COMPANY_NOT_FOUND = 'Register the first attendee of your company before adding colleagues.';

/**
 * Registers a colleague of a company's startup registration (issue 9 §2 "+ Add Attendees"):
 * the browser sends only the person's name, email and phone; the company, its location and
 * its startup details are copied from the registration `companyRegistrationId` names, read
 * here from the database. A colleague named as the company resolves to that colleague's
 * company, so every colleague points at the company's first registration. The colleague
 * registers in the company's participant category, so one order covers them all.
 * The registration id is a random UUID only the registrant's browser received, so knowing it
 * is what allows adding to that company.
 * @throws NotFoundError unknown id, another event's registration, or an investor (404)
 * @throws ValidationError the country code is not on the list (400)
 * @throws DuplicateRegistrationError the email is registered already in this category (409)
 */
export async function registerColleague(
  deps: RegistrationDeps,
  companyRegistrationId: string,
  input: ColleagueRegistration,
): Promise<RegisteredAttendee> {
  const { db } = deps;
  const now = deps.now();
  const event = await referenceData.getCurrentEvent(db);
  let company = await repository.findRegistrationWithStartup(db, companyRegistrationId);
  if (company?.registration.colleagueOfId) {
    company = await repository.findRegistrationWithStartup(db, company.registration.colleagueOfId);
  }
  if (!company || company.registration.eventId !== event.id || !company.startup) {
    throw new NotFoundError(COMPANY_NOT_FOUND);
  }
  const { registration: first, startup } = company;
  await openEdition(db, now, first.participantCategoryId);
  const phone = phoneOf(input);
  if (!(await referenceData.isKnownIsdCode(db, phone.countryCode))) {
    throw new ValidationError(INVALID_FIELDS, { countryCode: 'Choose a country code from the list.' });
  }

  const row = await persist(deps, roleOf(first.participantCategoryId), input.email, [], (tx) =>
    repository.insertRegistration(
      tx,
      {
        eventId: event.id,
        participantCategoryId: first.participantCategoryId,
        ticketTypeId: first.ticketTypeId,
        name: input.name,
        email: input.email,
        ...phone,
        companyName: first.companyName,
        city: first.city,
        countryId: first.countryId,
        stateId: first.stateId,
        pincode: first.pincode,
        address: first.address,
        description: first.description,
        colleagueOfId: first.id,
        // The first attendee accepted the terms for the company's registration.
        termsAcceptedAt: now,
        createdAt: now,
      },
      { startup },
    ),
  );

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
 * records it. Throws when the mail server refuses (the job retries). The mail tells the
 * registrant to choose a ticket and pay, so a job run once that is no longer possible (its
 * edition is no longer the current one, or its category's sales have closed, after a long mail
 * outage) sends nothing and leaves the registration unconfirmed.
 */
export async function sendConfirmation(deps: ConfirmationDeps, registrationId: string): Promise<void> {
  const row = await repository.findRegistration(deps.db, registrationId);
  if (!row || row.confirmationSentAt) return;
  const now = deps.now();
  const { event } = await currentSales(deps.db, now);
  const windows = await saleWindows(deps.db, event.id);
  const sales = salesOf(event, windows, now, row.participantCategoryId);
  if (row.eventId !== event.id || sales.state !== 'open') {
    deps.log.info(
      { registrationId, salesState: row.eventId === event.id ? sales.state : 'other-edition' },
      'registration confirmation not sent: its tickets are no longer on sale',
    );
    return;
  }
  await deps.mailer.send(
    registrationConfirmationEmail({
      email: row.email,
      role: roleOf(row.participantCategoryId),
      event,
      siteUrl: deps.siteUrl,
    }),
  );
  await repository.markConfirmationSent(deps.db, row.id, now);
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

const NOT_FOUND = 'Registration not found';

/** Where organizers download an uploaded file (`GET /api/admin/uploads/{id}`). */
export const uploadDownloadUrl = (fileId: string) => `/api/admin/uploads/${fileId}`;

/**
 * One registration with every spec §3 field, the names behind its ids, its form's details,
 * its orders (newest first), its passes (revoked ones too) and its files with their download
 * URLs, for the console (issue 8 §2).
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
  const [orders, passes, files] = await Promise.all([
    ordersOfAttendee(db, id, now),
    passesOfAttendee(db, id),
    repository.listUploadedFiles(db, id),
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
 * An organizer corrects a registration's contact fields (issue 8 §2). The input passed the
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
 * An organizer resends an attendee's pass email (issue 8 §2), as the `pass-email` job sends
 * it after payment: to the attendee's address, with their pass (every pass of the order when
 * they are its buyer). Audited.
 * @throws NotFoundError unknown id (404)
 * @throws OrderStateError the attendee holds no valid pass (409)
 */
export async function resendPassEmail(
  deps: Pick<RegistrationDeps, 'db' | 'jobs'>,
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
 * A registrant corrects the spelling of an attendee's name from their manage session (issue 9
 * §1). Only the name changes; the audit row names the registrant as the actor.
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
 * DPDP Act 2023 §12); see the repository's `erasePersonalData` for what changes. Their
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
  if (storedNames.length > 0) await jobs.enqueue(tx, 'registration-uploads-delete', { storedNames });
  return { ids, uploads: storedNames.length };
}
