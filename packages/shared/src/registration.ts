/**
 * Registration request and response schemas: the spec's startup and investor fields and
 * validation messages, for `auth/create/StartUpDetailsMaster` and `auth/investor`.
 * The browser's forms and the API routes validate with these same schemas.
 */
import { z } from 'zod';
import { ParticipantCategory } from './constants.js';
import { isCalendarDate, safeString } from './input.js';
import { localeField } from './locale-schema.js';
import { AnswersSchema } from './registration-questions.js';
import {
  checkPhone,
  emailField,
  optionalId,
  optionalText,
  phoneFields,
  requiredId,
  requiredText,
  termsField,
  withNormalisedPhone,
} from './validation.js';

/** Fields the phone rule reads as strings: values of another type never reach it. */
const PHONE_FIELDS: readonly PropertyKey[] = ['countryCode', 'contactNo'];

interface RefinementPayload {
  value: unknown;
  issues: readonly { code?: string; path?: readonly PropertyKey[] | undefined }[];
}

/**
 * Run the phone and state rules even when other fields failed, so every message shows after
 * one submit, but only on an object whose phone fields are strings: a `null`, missing or
 * array body, or `contactNo: true`, already has its own message and would only crash them.
 */
const ALWAYS = {
  when: ({ value, issues }: RefinementPayload) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !issues.some((issue) => issue.code === 'invalid_type' && PHONE_FIELDS.includes(issue.path?.[0] ?? '')),
};

/** Establishment date as a real `YYYY-MM-DD` day; not in the future (compared in UTC, a day of slack). */
const establishmentDate = () =>
  safeString({ error: 'Establishment Date of Startup is required' })
    .trim()
    .min(1, 'Establishment Date of Startup is required')
    .refine(isCalendarDate, 'Establishment Date of Startup must be a real date (YYYY-MM-DD)')
    .refine(
      (value) => Date.parse(value) <= Date.now() + 24 * 60 * 60 * 1000,
      'Establishment Date of Startup cannot be in the future',
    );

/** The spec's message for a missing state, also answered by the server for a country that has states. */
export const STATE_REQUIRED_MESSAGE = 'State is required';

/** ISO 3166 code of India in the country list: its PIN codes have six digits. */
export const INDIA_ISO_CODE = 'IN';

/** The message for a PIN code of India that is not six digits. */
export const INDIAN_PINCODE_MESSAGE = 'Pincode must be 6 digits for India';

/**
 * India Post's rule for a PIN code: six digits. Which country is chosen is known only from the
 * country list (CountryID is a database id), so the form applies this with the id it loaded and
 * the server with its own list (reference-data checkLocation). A blank pincode is left to the
 * form's own rule (required on the startup form, optional elsewhere).
 * @returns INDIAN_PINCODE_MESSAGE for a non-blank value that is not six digits, else undefined.
 */
export function indianPincodeProblem(pincode: unknown): string | undefined {
  if (typeof pincode !== 'string' || pincode.trim() === '') return undefined;
  return /^\d{6}$/.test(pincode.trim()) ? undefined : INDIAN_PINCODE_MESSAGE;
}

/**
 * The spec's 'State is required'. Whether a chosen country needs a state is known only from its
 * state list (the server checks it; the form knows it from the list it loaded), but with no
 * country chosen the state is certainly missing, so an empty form shows every message at once.
 */
function checkStateWithoutCountry(value: { CountryID?: unknown; StateID?: unknown }, ctx: z.RefinementCtx) {
  const hasCountry =
    typeof value.CountryID === 'number' && Number.isInteger(value.CountryID) && value.CountryID > 0;
  if (!hasCountry && value.StateID == null) {
    ctx.addIssue({ code: 'custom', path: ['StateID'], message: STATE_REQUIRED_MESSAGE });
  }
}

/** Fields both registration forms share: location, address and the tab's category and ticket. */
const locationFields = {
  City: requiredText('City is required', 100),
  CountryID: requiredId('Country is required'),
  /** Required when the country has states; the server checks that against its state list. */
  StateID: optionalId(),
};

/** The startup form's fields as the browser sends them (Pitcher and Start-Up tabs). */
export const StartupRegistrationSchema = z
  .object({
    contactPersonName: requiredText('Contact Person Name is required', 120),
    email: emailField(),
    ...phoneFields,
    companyName: requiredText('Startup name is required', 160),
    founderName: requiredText('Founder Name is required', 120),
    categoryId: requiredId('Industry/Sector is required'),
    stageOfStartup: requiredId('Stage of Startup is required'),
    teamSize: requiredText('Team Size is required', 40),
    ...locationFields,
    description: requiredText('Brief About Startup is required', 5000),
    legalName: requiredText('Legal Name Startup is required', 200),
    yearFounded: establishmentDate(),
    terms: termsField(),
    pincode: requiredText('Pincode is required', 12),
    address: requiredText('Address is required', 500),
    participantCategoryId: z.coerce
      .number()
      .int()
      .refine(
        (id) => id === ParticipantCategory.Pitcher || id === ParticipantCategory.StartUp,
        'Choose the Pitcher or Start-Up tab',
      ),
    ticketId: optionalId(),
    /** Answers to the edition's registration questions, keyed by question id. */
    answers: AnswersSchema,
    /** The language of the page the form was sent from: the registrant's emails and pass use it. */
    locale: localeField(),
  })
  .superRefine(checkPhone, ALWAYS)
  .superRefine(checkStateWithoutCountry, ALWAYS)
  .overwrite(withNormalisedPhone);
export type StartupRegistrationInput = z.input<typeof StartupRegistrationSchema>;
export type StartupRegistration = z.output<typeof StartupRegistrationSchema>;

/** The investor form's fields (Investor tab), sent as JSON. `investmentAmount` is in rupees. */
export const InvestorRegistrationSchema = z
  .object({
    name: requiredText('Contact Person Name is required', 120),
    email: emailField(),
    ...phoneFields,
    companyName: optionalText(160),
    investmentAmount: z.preprocess(
      (value) => (value === '' || value === null || value === undefined ? 0 : value),
      z.coerce
        .number({ error: 'Investment amount must be a number' })
        .min(0, 'Investment amount cannot be negative')
        .max(1e12, 'Investment amount is too large'),
    ),
    ...locationFields,
    description: optionalText(5000),
    pincode: optionalText(12),
    address: optionalText(500),
    terms: termsField(),
    participantCategoryId: z.coerce
      .number()
      .int()
      .refine((id) => id === ParticipantCategory.Investor, 'Choose the Investor tab'),
    ticketId: optionalId(),
    /** Answers to the edition's registration questions, keyed by question id. */
    answers: AnswersSchema,
    /** The language of the page the form was sent from: the registrant's emails and pass use it. */
    locale: localeField(),
  })
  .superRefine(checkPhone, ALWAYS)
  .superRefine(checkStateWithoutCountry, ALWAYS)
  .overwrite(withNormalisedPhone);
export type InvestorRegistrationInput = z.input<typeof InvestorRegistrationSchema>;
export type InvestorRegistration = z.output<typeof InvestorRegistrationSchema>;

/**
 * A visitor's registration (Visitor tab, when the edition sells Visitor passes here), sent as
 * JSON to `POST auth/visitor`: the person, their phone and where they come from (the address
 * optional, as on the investor form).
 */
export const VisitorPassRegistrationSchema = z
  .object({
    name: requiredText('Name is required', 120),
    email: emailField(),
    ...phoneFields,
    ...locationFields,
    pincode: optionalText(12),
    address: optionalText(500),
    terms: termsField(),
    participantCategoryId: z.coerce
      .number()
      .int()
      .refine((id) => id === ParticipantCategory.Visitor, 'Choose the Visitor tab'),
    ticketId: optionalId(),
    /** Answers to the edition's registration questions, keyed by question id. */
    answers: AnswersSchema,
    /** The language of the page the form was sent from: the registrant's emails and pass use it. */
    locale: localeField(),
  })
  .superRefine(checkPhone, ALWAYS)
  .superRefine(checkStateWithoutCountry, ALWAYS)
  .overwrite(withNormalisedPhone);
export type VisitorPassRegistrationInput = z.input<typeof VisitorPassRegistrationSchema>;
export type VisitorPassRegistration = z.output<typeof VisitorPassRegistrationSchema>;

/**
 * A colleague of a registered startup ("+ Add Attendees"): only the person's name,
 * email and phone. Sent as JSON to `POST auth/registrations/{companyRegistrationId}/colleagues`;
 * the server copies the company's details from the registration named in the path, never
 * from the browser (unknown fields are stripped).
 */
export const ColleagueRegistrationSchema = z
  .object({
    name: requiredText('Contact Person Name is required', 120),
    email: emailField(),
    ...phoneFields,
    /** The colleague's own answers to the questions of the company's category and ticket. */
    answers: AnswersSchema,
    /** The language of the page the colleague was added from: their emails and pass use it. */
    locale: localeField(),
  })
  .superRefine(checkPhone, ALWAYS)
  .overwrite(withNormalisedPhone);
export type ColleagueRegistrationInput = z.input<typeof ColleagueRegistrationSchema>;
export type ColleagueRegistration = z.output<typeof ColleagueRegistrationSchema>;

/** The event a pass is for, as the pass card shows it (times are ISO-8601 UTC instants). */
export const EventSummarySchema = z.object({
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  venue: z.string(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

/**
 * A committed registration as the API returns it: what the Event Pass card shows.
 * Never carries a password (the original system sent it back to the browser).
 */
export const RegisteredAttendeeSchema = z.object({
  _id: z.string(),
  participantCategoryId: z.number().int(),
  role: z.string(),
  name: z.string(),
  email: z.string(),
  countryCode: z.string(),
  contactNo: z.string(),
  companyName: z.string().nullable(),
  Event: EventSummarySchema,
});
export type RegisteredAttendee = z.infer<typeof RegisteredAttendeeSchema>;

/**
 * Body of `PATCH /api/admin/registrations/{id}`: an organizer corrects the
 * contact fields of a registration with the registration form's own rules and messages
 * (the phone checked and normalised as at registration).
 */
export const UpdateRegistrationContactSchema = z
  .object({
    name: requiredText('Contact Person Name is required', 120),
    email: emailField(),
    ...phoneFields,
  })
  .superRefine(checkPhone, ALWAYS)
  .overwrite(withNormalisedPhone);
export type UpdateRegistrationContactInput = z.input<typeof UpdateRegistrationContactSchema>;
export type UpdateRegistrationContact = z.output<typeof UpdateRegistrationContactSchema>;
