/**
 * Typed domain errors. Services throw them; the one error handler (plugins/error-handler.ts)
 * maps each to its HTTP status and the `{isOk: false, message, errors?}` body.
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  /** Per-field messages, answered as `errors` (a 400, or the file field of a 413 or 415). */
  readonly fieldErrors: Record<string, string> | undefined;
  /** A machine-readable reason, answered as `code`, for clients that offer a next step. */
  readonly code: string | undefined;

  constructor(message: string, fieldErrors?: Record<string, string>, code?: string) {
    super(message);
    this.name = new.target.name;
    this.fieldErrors = fieldErrors;
    this.code = code;
  }
}

/** Input that passed the schema but breaks a rule only the database knows (unknown state…). */
export class ValidationError extends DomainError {
  readonly statusCode = 400;
}

export class NotFoundError extends DomainError {
  readonly statusCode = 404;
}

/** The same email already registered for this event and participant category. */
export class DuplicateRegistrationError extends DomainError {
  readonly statusCode = 409;
}

/** Not enough seats left on the ticket type. */
export class SoldOutError extends DomainError {
  readonly statusCode = 409;
}

/** The ticket type's sales end has passed. */
export class SalesEndedError extends DomainError {
  readonly statusCode = 409;
}

/** An order cannot move to the requested state (already paid, expired…). */
export class OrderStateError extends DomainError {
  readonly statusCode = 409;
}

/** A payment callback or webhook whose signature does not match. */
export class InvalidSignatureError extends DomainError {
  readonly statusCode = 400;
}

/** An uploaded file whose content is not an accepted type. */
export class UnsupportedFileTypeError extends DomainError {
  readonly statusCode = 415;
}

/** An uploaded file over its size limit. */
export class FileTooLargeError extends DomainError {
  readonly statusCode = 413;
}

/** The payment provider failed or answered something unexpected. */
export class PaymentProviderError extends DomainError {
  readonly statusCode = 502;
}

/** An attendee of a checkout already holds a pass for the event. */
export class PassAlreadyIssuedError extends DomainError {
  readonly statusCode = 409;
}

/**
 * Too many requests from one client address or for one email address (plugins/rate-limit.ts).
 * `retryAfterSeconds`, when known, is answered as the `Retry-After` header.
 */
export class TooManyRequestsError extends DomainError {
  readonly statusCode = 429;
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, retryAfterSeconds?: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** This email has already voted (one vote per email). */
export class AlreadyVotedError extends DomainError {
  readonly statusCode = 409;
}

/** Too many OTPs requested for one email within the window. */
export class OtpRequestLimitError extends TooManyRequestsError {}

/** An OTP that is wrong, expired, used, superseded or past its wrong-try limit. */
export class OtpInvalidError extends DomainError {
  readonly statusCode = 400;
}

/** The OTP email could not be handed to the mail server. */
export class OtpDeliveryError extends DomainError {
  readonly statusCode = 502;
}

/** Award voting is closed (an organizer closed it). */
export class VotingClosedError extends DomainError {
  readonly statusCode = 409;
}

/** A ticket type change that seats already sold or reserved forbid (capacity, deletion, category). */
export class TicketTypeInUseError extends DomainError {
  readonly statusCode = 409;
}

/** A ticket type that is hidden, archived or not yet on sale. */
export class NotOnSaleError extends DomainError {
  readonly statusCode = 409;
}

/** An organizer with this email already exists. */
export class OrganizerExistsError extends DomainError {
  readonly statusCode = 409;
}

/** An invitation to an organizer who has already chosen a password, or is disabled. */
export class InvitationAcceptedError extends DomainError {
  readonly statusCode = 409;
}

/** A change that would leave the festival without an active owner. */
export class LastOwnerError extends DomainError {
  readonly statusCode = 409;
}

/** No signed-in organizer on an organizer route. */
export class NotSignedInError extends DomainError {
  readonly statusCode = 401;
}

/** The organizer's role may not do this, two-factor is still to be set up, or a cross-site change. */
export class ForbiddenError extends DomainError {
  readonly statusCode = 403;
}

/** No valid manage session: the link was used, expired or never existed (401). */
export class ManageSessionError extends DomainError {
  readonly statusCode = 401;
}

/** A check-in list with scans cannot be deleted (its counts would go). */
export class CheckinListInUseError extends DomainError {
  readonly statusCode = 409;
}

/** A registrant's deletion request that has already been carried out. */
export class DeletionRequestHandledError extends DomainError {
  readonly statusCode = 409;
}

/** A waiting-list request the list's state refuses: seats are free, already on it, nothing to offer. */
export class WaitingListError extends DomainError {
  readonly statusCode = 409;
}

/**
 * A checkout that would take a buyer's seats awaiting payment, per email or per client
 * address, over the organizer's limit.
 */
export class UnpaidSeatLimitError extends DomainError {
  readonly statusCode = 409;
}

/** An award category that still holds nominee pages or votes cannot be deleted. */
export class AwardCategoryInUseError extends DomainError {
  readonly statusCode = 409;
}

/** A failed job asked to be retried is not failed any more (retried meanwhile, or finished). */
export class JobNotFailedError extends DomainError {
  readonly statusCode = 409;
}

/**
 * A message that would take the edition's emails queued today (India time) past the daily cap
 * the organizer set (code DAILY_CAP).
 */
export class DailyCapError extends DomainError {
  readonly statusCode = 409;
}

/** A message whose filter matches nobody (after unsubscribed addresses are left out). */
export class NoRecipientsError extends DomainError {
  readonly statusCode = 409;
}

/** An attendee's change from the manage page after the edition has ended (their answers). */
export class ChangesClosedError extends DomainError {
  readonly statusCode = 409;
}

/** A registration question whose answers forbid the change: deleting it, or changing its kind. */
export class QuestionInUseError extends DomainError {
  readonly statusCode = 409;
}
