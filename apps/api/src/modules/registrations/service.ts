/**
 * Registration use cases (spec §3, §5, §7 `auth/create/StartUpDetailsMaster` and
 * `auth/investor`). Input has passed the shared schema; here the rules only the database
 * knows are checked, the registration, its details and its file records are written in one
 * transaction, and the confirmation email is sent after the commit.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  PARTICIPANT_CATEGORY_NAMES,
  STATE_REQUIRED_MESSAGE,
  type InvestorRegistration,
  type ParticipantCategoryId,
  type RegisteredAttendee,
  type StartupRegistration,
} from '@festival/shared';
import type { Database, Transaction } from '../../db/client.js';
import { DuplicateRegistrationError, ValidationError } from '../../errors.js';
import type { Mailer } from '../mail/mailer.js';
import * as referenceData from '../reference-data/repository.js';
import type { Event } from '../reference-data/repository.js';
import type { StagedUpload, UploadStore } from '../uploads/storage.js';
import { registrationConfirmationEmail, withArticle } from './emails.js';
import * as repository from './repository.js';

export interface RegistrationDeps {
  db: Database;
  now(): Date;
  mailer: Mailer;
  log: FastifyBaseLogger;
  uploads: UploadStore;
  /** Public origin of the site, for links in the email. */
  siteUrl: string;
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
 * Field errors for references that do not resolve: the country, a state of that country
 * (required when the country has states, spec §5), the ISD code and the ticket type.
 */
async function checkCommonReferences(db: Database, input: CommonInput, event: Event) {
  const errors: Record<string, string> = {};
  const country = await referenceData.findCountry(db, input.CountryID);
  if (!country) {
    errors.CountryID = 'Choose a country from the list.';
  } else if (input.StateID === undefined) {
    const hasStates = (await referenceData.countStatesOfCountry(db, country.id)) > 0;
    if (hasStates) errors.StateID = STATE_REQUIRED_MESSAGE;
  } else if (!(await referenceData.stateBelongsToCountry(db, input.StateID, country.id))) {
    errors.StateID = 'Choose a state of the selected country.';
  }
  if (input.countryCode && !(await referenceData.isdCodeExists(db, input.countryCode))) {
    errors.countryCode = 'Choose a country code from the list.';
  }
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
    return await deps.db.transaction(write);
  } catch (error) {
    await deps.uploads.discard(files);
    if (repository.isUniqueViolation(error, repository.DUPLICATE_EMAIL_INDEX)) {
      throw new DuplicateRegistrationError(
        `This email is already registered as ${withArticle(role)} for this event.`,
      );
    }
    throw error;
  }
}

/**
 * Sends the confirmation once the registration has committed. Awaited, so the message is
 * handed over before the answer (as the pass emails are); a failure is logged, never thrown:
 * the registration stands without it.
 */
async function sendConfirmation(deps: RegistrationDeps, attendee: RegisteredAttendee, event: Event) {
  const message = registrationConfirmationEmail({
    name: attendee.name,
    email: attendee.email,
    role: attendee.role,
    event,
    siteUrl: deps.siteUrl,
  });
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, registrationId: attendee._id }, 'registration confirmation email not sent');
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
  const errors = await checkCommonReferences(db, input, event);
  if (!(await referenceData.industryCategoryExists(db, input.categoryId))) {
    errors.categoryId = 'Choose an industry/sector from the list.';
  }
  if (!(await referenceData.startupStageExists(db, input.stageOfStartup))) {
    errors.stageOfStartup = 'Choose a stage of startup from the list.';
  }
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

  const attendee = toAttendee(row, event);
  await sendConfirmation(deps, attendee, event);
  return attendee;
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

  const attendee = toAttendee(row, event);
  await sendConfirmation(deps, attendee, event);
  return attendee;
}
