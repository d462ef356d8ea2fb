/**
 * Signing up (the spec's `auth/create/StartUpDetailsMaster` and `auth/investor`): the
 * startup, investor, visitor and colleague forms, and the confirmation email. Input has passed
 * the shared schema; here the rules only the database knows are checked, and the
 * registration, its details, its file records and the job that sends the confirmation email
 * are written in one transaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  ALREADY_REGISTERED_CODE,
  ParticipantCategory,
  SALES_NOT_OPEN_CODE,
  type Answers,
  type ColleagueRegistration,
  type InvestorRegistration,
  LocaleSchema,
  type Locale,
  type RegisteredAttendee,
  type StartupRegistration,
  type VisitorPassRegistration,
} from '@festival/shared';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { DuplicateRegistrationError, NotFoundError, NotOnSaleError, ValidationError } from '../../errors.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { getCurrentEvent, type Event } from '../current-edition/service.js';
import { assertSalesOpen, currentSales, salesOf } from '../editions/sales.js';
import type { Mailer } from '../mail/mailer.js';
import { checkAnswers, storeAnswers, type CheckedAnswers } from '../questions/service.js';
import * as referenceData from '../reference-data/service.js';
import { isSoldTo, saleWindows } from '../tickets/service.js';
import type { StagedUpload, UploadStore } from '../uploads/storage.js';
import { registrationConfirmationEmail, withArticle } from './emails.js';
import { INVALID_FIELDS, phoneOf, roleOf } from './fields.js';
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
  /**
   * Emails a "Manage my registration" sign-in link to a registered address (the self-service
   * module's `requestLink`, with the requester's address); resolves the same whether it sent one.
   */
  requestManageLink(email: string, locale: Locale): Promise<void>;
}

/** Fields both forms share that point at reference data. */
interface CommonInput {
  email: string;
  countryCode?: string | undefined;
  contactNo?: string | undefined;
  CountryID: number;
  StateID?: number | undefined;
  pincode?: string | undefined;
  participantCategoryId: number;
  ticketId?: number | undefined;
  answers?: Answers | undefined;
  /** The language of the form's page, stored for the registrant's emails and pass. */
  locale: Locale;
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
 * Field errors for references that do not resolve (the location and the ticket type) and for
 * the answers to the registration questions of the category and ticket type, with the answers
 * to store (questions/service.ts).
 */
async function checkCommonFields(db: Database, input: CommonInput, event: Event) {
  const errors = await referenceData.checkLocation(db, input);
  if (
    input.ticketId !== undefined &&
    !(await isSoldTo(db, event.id, input.ticketId, input.participantCategoryId))
  ) {
    errors.ticketId = `This ticket is not available for ${withArticle(roleOf(input.participantCategoryId))}.`;
  }
  const answers = await checkAnswers(
    db,
    {
      eventId: event.id,
      participantCategoryId: input.participantCategoryId,
      ticketTypeId: input.ticketId ?? null,
    },
    input.answers,
  );
  return { errors: { ...errors, ...answers.errors }, answers: answers.kept };
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
    locale: input.locale,
    termsAcceptedAt: now,
    createdAt: now,
  };
}

/** The answer the Event Pass card shows (never a password: decision 004). */
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
    Event: {
      name: event.name,
      startDate: event.startsAt.toISOString(),
      endDate: event.endsAt.toISOString(),
      venue: event.venue,
    },
  };
}

/**
 * Runs the inserts in one transaction, the attendee's answers included. On failure the placed
 * files are deleted, so nothing is left half-written. `registrant.email` is the one the unique
 * index may find registered already; a manage link offered then is written in `registrant.locale`.
 * @throws DuplicateRegistrationError when the email already registered for this event and role.
 */
async function persist(
  deps: RegistrationDeps,
  role: string,
  registrant: { email: string; locale: Locale },
  files: readonly StagedUpload[],
  answers: CheckedAnswers,
  write: (tx: Transaction) => Promise<repository.Registration>,
): Promise<repository.Registration> {
  try {
    return await deps.db.transaction(async (tx) => {
      const registration = await write(tx);
      await storeAnswers(tx, registration.id, answers);
      await deps.jobs.enqueue(tx, 'registration-email', { registrationId: registration.id });
      return registration;
    });
  } catch (error) {
    await deps.uploads.discard(files);
    if (isUniqueViolation(error, repository.DUPLICATE_EMAIL_INDEX)) {
      throw await duplicateRegistration(deps, role, registrant);
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
  { email, locale }: { email: string; locale: Locale },
): Promise<DuplicateRegistrationError> {
  await deps.requestManageLink(email.toLowerCase(), locale);
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
  const common = await checkCommonFields(db, input, event);
  const errors = { ...common.errors, ...(await referenceData.checkStartupProfile(db, input)) };
  if (Object.keys(errors).length > 0) throw new ValidationError(INVALID_FIELDS, errors);

  const role = roleOf(input.participantCategoryId);
  // Files go to their permanent names before the transaction; `persist` removes them if it fails.
  const placed = await deps.uploads.place(files, now);
  const row = await persist(deps, role, input, files, common.answers, (tx) =>
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
  const { errors, answers } = await checkCommonFields(db, input, event);
  if (Object.keys(errors).length > 0) throw new ValidationError(INVALID_FIELDS, errors);

  const role = roleOf(input.participantCategoryId);
  const row = await persist(deps, role, input, [], answers, (tx) =>
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
  const current = await getCurrentEvent(db);
  if (current.visitorRegistration !== 'pass') {
    throw new NotOnSaleError(
      'Visitors register on the event-listing page for this edition: use the Register button of the Visitor tab.',
    );
  }
  const event = await openEdition(db, now, input.participantCategoryId);
  const { errors, answers } = await checkCommonFields(db, input, event);
  if (Object.keys(errors).length > 0) throw new ValidationError(INVALID_FIELDS, errors);

  const row = await persist(deps, roleOf(input.participantCategoryId), input, [], answers, (tx) =>
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
 * Registers a colleague of a company's startup or investor registration (the spec's "+ Add
 * Attendees"): the browser sends only the person's name, email and phone; the company, its
 * location and a startup's details are copied from the registration `companyRegistrationId`
 * names, read here from the database. An investor's colleague gets no investment amount of
 * their own: the first attendee stated the firm's, and copying it would count it twice. A
 * colleague named as the company resolves to that colleague's company, so every colleague
 * points at the company's first registration. The colleague registers in the company's
 * participant category, so one order covers them all.
 * The registration id is a random UUID only the registrant's browser received, so knowing it
 * is what allows adding to that company.
 * @throws NotFoundError unknown id, another event's registration, or a visitor's (404)
 * @throws ValidationError the country code is not on the list, or the answers to the questions (400)
 * @throws DuplicateRegistrationError the email is registered already in this category (409)
 */
export async function registerColleague(
  deps: RegistrationDeps,
  companyRegistrationId: string,
  input: ColleagueRegistration,
): Promise<RegisteredAttendee> {
  const { db } = deps;
  const now = deps.now();
  const event = await getCurrentEvent(db);
  let company = await repository.findRegistrationWithStartup(db, companyRegistrationId);
  if (company?.registration.colleagueOfId) {
    company = await repository.findRegistrationWithStartup(db, company.registration.colleagueOfId);
  }
  const hasCompany =
    company?.startup != null || company?.registration.participantCategoryId === ParticipantCategory.Investor;
  if (!company || company.registration.eventId !== event.id || !hasCompany) {
    throw new NotFoundError(COMPANY_NOT_FOUND);
  }
  const { registration: first, startup } = company;
  await openEdition(db, now, first.participantCategoryId);
  const phone = phoneOf(input);
  if (!(await referenceData.isKnownIsdCode(db, phone.countryCode))) {
    throw new ValidationError(INVALID_FIELDS, { countryCode: 'Choose a country code from the list.' });
  }

  const asked = await checkAnswers(
    db,
    {
      eventId: event.id,
      participantCategoryId: first.participantCategoryId,
      ticketTypeId: first.ticketTypeId,
    },
    input.answers,
  );
  if (Object.keys(asked.errors).length > 0) throw new ValidationError(INVALID_FIELDS, asked.errors);

  const row = await persist(deps, roleOf(first.participantCategoryId), input, [], asked.kept, (tx) =>
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
        locale: input.locale,
        // The first attendee accepted the terms for the company's registration.
        termsAcceptedAt: now,
        createdAt: now,
      },
      startup ? { startup } : {},
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
      participantCategoryId: row.participantCategoryId,
      event,
      siteUrl: deps.siteUrl,
      locale: LocaleSchema.parse(row.locale),
    }),
  );
  await repository.markConfirmationSent(deps.db, row.id, now);
}
