/**
 * What the startup, investor and visitor forms share: react-hook-form on the shared schema with
 * messages only after the first submit, the linked phone fields, the country → states link, the
 * registration questions of the form's category and ticket, and the submit cycle
 * (`useRegistrationSubmit`).
 */
import type { RegisteredAttendee } from '@festival/shared';
import { useEffect } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldErrors,
  type Path,
  type PathValue,
} from 'react-hook-form';
import { usePreloadWhenIdle, type LazyResolver } from '~/lib/lazy-resolver';
import { useQuestions } from '../api/get-questions';
import { answerKey } from '~/lib/answer-keys';
import type { RegistrationFormContext } from '../lib/form-schemas';
import { useRegistrationSubmit } from './use-registration-submit';

/** The phone and location fields both forms have, as the inputs hold them (select values are strings). */
interface SharedValues {
  countryCode: string;
  contactNo: string;
  CountryID: string;
  StateID: string;
  City: string;
  pincode: string;
  address: string;
}

export interface RegistrationFormOptions<Values extends SharedValues, Output> {
  defaultValues: Values;
  /** Loaded after the page; its code is requested when the form mounts. */
  resolver: LazyResolver<Values, RegistrationFormContext, Output>;
  /** The form's category, ticket and state rule; the questions are loaded here. */
  context: Omit<RegistrationFormContext, 'questions'>;
  /** Sends the validated values; resolves to the API's `{message, data}`. */
  submit: (values: Output) => Promise<{ message: string; data: RegisteredAttendee }>;
  onCountryChange: (countryId: number | undefined) => void;
  onRegistered: (attendee: RegisteredAttendee, message: string) => void;
}

export function useRegistrationForm<Values extends SharedValues, Output>({
  defaultValues,
  resolver,
  context,
  submit,
  onCountryChange,
  onRegistered,
}: RegistrationFormOptions<Values, Output>) {
  const questionsQuery = useQuestions(context.participantCategoryId, context.ticketId);
  const questions = questionsQuery.data;
  const form = useForm<Values, RegistrationFormContext, Output>({
    defaultValues: defaultValues as DefaultValues<Values>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver,
    context: { ...context, questions: questions ?? [] },
    // Focus goes to the first invalid field in reading order instead (focusFirstInvalid).
    shouldFocusError: false,
  });
  const { trigger, formState } = form;
  // The generic Values hide the location fields' paths from react-hook-form's types.
  const countryPath = 'CountryID' as Path<Values>;
  const statePath = 'StateID' as Path<Values>;

  usePreloadWhenIdle(resolver);

  const countryId = useWatch({ control: form.control, name: countryPath }) as string;
  useEffect(() => {
    onCountryChange(countryId ? Number(countryId) : undefined);
  }, [countryId, onCountryChange]);

  // The state rule depends on the loaded state list; once messages show, keep State's current.
  const { isSubmitted } = formState;
  useEffect(() => {
    if (isSubmitted) void trigger(statePath);
  }, [context.stateRequired, isSubmitted, trigger, statePath]);

  const { onSubmit, formError, alreadyRegistered } = useRegistrationSubmit({
    form,
    fields: Object.keys(defaultValues) as Path<Values>[],
    submit,
    onRegistered,
    onAnswersRefused: () => void questionsQuery.refetch(),
  });

  const errors = formState.errors as FieldErrors<SharedValues>;
  const field = (name: Exclude<keyof SharedValues, 'CountryID'>, options?: { deps: Path<Values>[] }) =>
    form.register(name as Path<Values>, options);

  // The props of <ContactFields>: one rule covers both fields, so a change to either
  // re-checks the other.
  const contact = {
    countryCode: field('countryCode', { deps: ['contactNo' as Path<Values>] }),
    contactNo: field('contactNo', { deps: ['countryCode' as Path<Values>] }),
    errors: { countryCode: errors.countryCode?.message, contactNo: errors.contactNo?.message },
  };

  // The props of <LocationFields>: a new country clears the chosen state and re-checks it.
  const location = {
    fields: {
      CountryID: form.register(countryPath, {
        onChange: () => form.setValue(statePath, '' as PathValue<Values, Path<Values>>),
        deps: [statePath],
      }),
      StateID: field('StateID'),
      City: field('City'),
      pincode: field('pincode'),
      address: field('address'),
    },
    errors: {
      CountryID: errors.CountryID?.message,
      StateID: errors.StateID?.message,
      City: errors.City?.message,
      pincode: errors.pincode?.message,
      address: errors.address?.message,
    },
  };

  // The props of <QuestionFields>.
  const answerErrors = (formState.errors as FieldErrors<{ answers: Record<string, string> }>).answers;
  const questionFields = {
    questions,
    field: (questionId: number) => form.register(`answers.${answerKey(questionId)}` as Path<Values>),
    error: (questionId: number) => answerErrors?.[answerKey(questionId)]?.message,
  };

  return {
    form,
    onSubmit,
    contact,
    location,
    questionFields,
    formError,
    alreadyRegistered,
  };
}
