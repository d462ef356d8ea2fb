/**
 * The registration forms' schemas: the shared ones the server validates with, plus what only
 * the browser can check: the attached files (type and size, before uploading them),
 * 'State is required' once the chosen country's state list is known to be non-empty, India's
 * six-digit pincode once the list has told India's id (the server's own rule, indianPincodeProblem),
 * and the answers to the registration questions the form loaded (the server's own rules,
 * answerErrors).
 */
import {
  ACCEPTED_IMAGE_TYPES,
  answerErrors,
  indianPincodeProblem,
  type PublicQuestion,
  ColleagueRegistrationSchema,
  InvestorRegistrationSchema,
  STATE_REQUIRED_MESSAGE,
  StartupRegistrationSchema,
  UPLOAD_LIMITS,
  VisitorPassRegistrationSchema,
} from '@festival/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { answerKey, toApiAnswers, type AnswerInputs } from '~/lib/answer-keys';

const MB = 1024 * 1024;
const isImage = (file: File) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);

/** A file input's FileList as an array (FileList exists only in the browser). */
const fileList = z
  .custom<FileList | File[] | null | undefined>()
  .transform((files): File[] => (files ? Array.from(files) : []));

const imageFile = (label: string) =>
  fileList
    .refine((files) => files.every(isImage), `${label} must be a PNG, JPEG, WebP or GIF image`)
    .refine(
      (files) => files.every((file) => file.size <= UPLOAD_LIMITS.imageBytes),
      `${label} must be at most ${UPLOAD_LIMITS.imageBytes / MB} MB`,
    );

const StartupFilesSchema = {
  logo: imageFile('Logo').transform((files) => files[0]),
  brochure: fileList
    .refine((files) => files.every((file) => file.type === 'application/pdf'), 'Brochure must be a PDF file')
    .refine(
      (files) => files.every((file) => file.size <= UPLOAD_LIMITS.pdfBytes),
      `Brochure must be at most ${UPLOAD_LIMITS.pdfBytes / MB} MB`,
    )
    .transform((files) => files[0]),
  productImages: imageFile('Each product image').refine(
    (files) => files.length <= UPLOAD_LIMITS.productImages,
    `Choose at most ${UPLOAD_LIMITS.productImages} product images`,
  ),
};

export const StartupFormSchema = StartupRegistrationSchema.safeExtend(StartupFilesSchema);
export type StartupFormOutput = z.output<typeof StartupFormSchema>;
export const InvestorFormSchema = InvestorRegistrationSchema;
export type InvestorFormOutput = z.output<typeof InvestorFormSchema>;

/**
 * What the form knows beyond its inputs, passed as useForm's `context` (re-read at every
 * validation): the tab's category and ticket and whether the chosen country has states, so one must
 * be picked ('State is required').
 */
export interface RegistrationFormContext extends QuestionContext {
  participantCategoryId: number;
  ticketId: number | undefined;
  stateRequired: boolean;
  /** India's id in the country list (undefined while it loads): its pincodes have six digits. */
  indiaCountryId: number | undefined;
}

/** The registration questions a form shows (none while they load). */
export interface QuestionContext {
  questions: readonly PublicQuestion[];
}

/**
 * Wraps a form's resolver so the answers reach the schema keyed as the API keys them, and each
 * question's problem (required, an option of its own, length) shows under that question.
 */
function withAnswers<Values extends FieldValues, Context extends QuestionContext, Output>(
  resolver: Resolver<Values, Context, Output>,
): Resolver<Values, Context, Output> {
  return async (values, context, options) => {
    const asked = context?.questions ?? [];
    const answers = toApiAnswers(
      values.answers as AnswerInputs | undefined,
      asked.map((question) => question.id),
    );
    const result = await resolver({ ...values, answers }, context, options);
    const { errors } = answerErrors(asked, answers);
    if (Object.keys(errors).length === 0) return result;
    const answerFieldErrors = Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [
        answerKey(Number(field.slice('answers.'.length))),
        { type: 'answer', message },
      ]),
    );
    // answerErrors says all the schema could about the answers, per question: it replaces them.
    const failed: Record<string, unknown> = { ...result.errors, answers: answerFieldErrors };
    return { values: {}, errors: failed as FieldErrors<Values> };
  };
}

const requireState = <S extends z.ZodObject>(schema: S) =>
  schema.superRefine(
    (value: { StateID?: unknown }, ctx) => {
      if (value.StateID == null || value.StateID === '') {
        ctx.addIssue({ code: 'custom', path: ['StateID'], message: STATE_REQUIRED_MESSAGE });
      }
    },
    { when: () => true },
  );

/**
 * A zod resolver that validates the inputs together with the context's category and ticket,
 * adding the state rule when `context.stateRequired` is true. The casts only bridge the
 * schema's `unknown` input types (it also accepts multipart strings) to the inputs' types.
 */
function contextualResolver<Values extends FieldValues, Output>(
  schema: z.ZodObject,
): Resolver<Values, RegistrationFormContext, Output> {
  return withAnswers(categoryResolver<Values, Output>(schema));
}

/** The schema's resolver with the context's category and ticket and the state rule (contextualResolver). */
function categoryResolver<Values extends FieldValues, Output>(
  schema: z.ZodObject,
): Resolver<Values, RegistrationFormContext, Output> {
  const plain = zodResolver(schema) as unknown as Resolver<Values, RegistrationFormContext, Output>;
  const withState = zodResolver(requireState(schema)) as unknown as Resolver<
    Values,
    RegistrationFormContext,
    Output
  >;
  return async (values, context, options) => {
    const resolver = context?.stateRequired ? withState : plain;
    const full = {
      ...values,
      participantCategoryId: context?.participantCategoryId,
      ticketId: context?.ticketId,
    };
    const result = await resolver(full, context, options);
    // The category and ticket have no input of their own: report their problems for the whole form.
    const { participantCategoryId, ticketId, ...fieldErrors } = result.errors as Record<
      string,
      { type?: string; message?: string }
    >;
    const tabError = participantCategoryId ?? ticketId;
    const inIndia =
      context?.indiaCountryId !== undefined && String(values.CountryID) === String(context.indiaCountryId);
    const pincodeProblem = inIndia && !fieldErrors.pincode ? indianPincodeProblem(values.pincode) : undefined;
    if (!tabError && !pincodeProblem) return result;
    return {
      values: {},
      errors: {
        ...fieldErrors,
        ...(pincodeProblem ? { pincode: { type: 'pincode', message: pincodeProblem } } : {}),
        ...(tabError ? { root: { type: 'tab', message: tabError.message } } : {}),
      },
    } as Awaited<ReturnType<typeof resolver>>;
  };
}

/** Field values as the startup form's inputs hold them. */
export interface StartupFormValues {
  contactPersonName: string;
  email: string;
  countryCode: string;
  contactNo: string;
  companyName: string;
  founderName: string;
  categoryId: string;
  stageOfStartup: string;
  teamSize: string;
  legalName: string;
  yearFounded: string;
  CountryID: string;
  StateID: string;
  City: string;
  pincode: string;
  address: string;
  description: string;
  logo: FileList | undefined;
  brochure: FileList | undefined;
  productImages: FileList | undefined;
  terms: boolean;
  answers: AnswerInputs;
}

/** Field values as the investor form's inputs hold them. */
export interface InvestorFormValues {
  name: string;
  email: string;
  countryCode: string;
  contactNo: string;
  companyName: string;
  investmentAmount: string;
  CountryID: string;
  StateID: string;
  City: string;
  pincode: string;
  address: string;
  description: string;
  terms: boolean;
  answers: AnswerInputs;
}

/** Field values as the visitor form's inputs hold them (Visitor tab, when passes are sold here). */
export interface VisitorFormValues {
  name: string;
  email: string;
  countryCode: string;
  contactNo: string;
  CountryID: string;
  StateID: string;
  City: string;
  pincode: string;
  address: string;
  terms: boolean;
  answers: AnswerInputs;
}
export type VisitorFormOutput = z.output<typeof VisitorPassRegistrationSchema>;

export const startupResolver = contextualResolver<StartupFormValues, StartupFormOutput>(StartupFormSchema);
export const visitorResolver = contextualResolver<VisitorFormValues, VisitorFormOutput>(
  VisitorPassRegistrationSchema,
);
export const investorResolver = contextualResolver<InvestorFormValues, InvestorFormOutput>(
  InvestorFormSchema,
);

/** Field values as the colleague form's inputs hold them. */
export interface ColleagueFormValues {
  name: string;
  email: string;
  countryCode: string;
  contactNo: string;
  answers: AnswerInputs;
}
export type ColleagueFormOutput = z.output<typeof ColleagueRegistrationSchema>;
export const colleagueResolver = withAnswers(
  zodResolver(ColleagueRegistrationSchema) as unknown as Resolver<
    ColleagueFormValues,
    QuestionContext,
    ColleagueFormOutput
  >,
);
