/**
 * What the startup, investor and visitor forms share: react-hook-form on the shared schema with
 * messages only after the first submit, the linked phone fields, India (+91) chosen until the
 * person picks another country, the country → states link, the registration questions of the
 * form's category and ticket, the draft kept in the browser (`useFormDraft`) and the submit cycle
 * (`useRegistrationSubmit`).
 */
import { INDIA_ISO_CODE, type Country, type RegisteredAttendee, type State } from '@festival/shared';
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
import { useFormDraft } from './use-form-draft';
import { useRegistrationSubmit, type RegistrationSend } from './use-registration-submit';

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
  /** The form's category, ticket and state rule; the questions and India's id are added here. */
  context: Omit<RegistrationFormContext, 'questions' | 'indiaCountryId'>;
  /** The country list the selects offer (undefined while it loads). */
  countries: readonly Country[] | undefined;
  /** The chosen country's states (undefined while none is chosen or they load). */
  states: readonly State[] | undefined;
  /** Names the draft kept in this tab (useFormDraft); undefined keeps none. */
  draftKey: string | undefined;
  /** Fields the draft never keeps besides the terms box (a startup's files). */
  draftSkip?: readonly string[];
  /** The form's other selects and the lists they choose from (a startup's sector and stage). */
  otherSelects?: { names: readonly string[]; lists: readonly (readonly unknown[] | undefined)[] };
  /** Sends the validated values and the page's language. */
  submit: RegistrationSend<Output>;
  onCountryChange: (countryId: number | undefined) => void;
  onRegistered: (attendee: RegisteredAttendee, message: string) => void;
}

export function useRegistrationForm<Values extends SharedValues, Output>({
  defaultValues,
  resolver,
  context,
  countries,
  states,
  draftKey,
  draftSkip = [],
  otherSelects,
  submit,
  onCountryChange,
  onRegistered,
}: RegistrationFormOptions<Values, Output>) {
  const questionsQuery = useQuestions(context.participantCategoryId, context.ticketId);
  const questions = questionsQuery.data;
  const indiaCountryId = countries?.find((country) => country.isoCode === INDIA_ISO_CODE)?._id;
  const form = useForm<Values, RegistrationFormContext, Output>({
    defaultValues: {
      ...defaultValues,
      ...(indiaCountryId === undefined ? {} : { CountryID: String(indiaCountryId) }),
    } as DefaultValues<Values>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver,
    context: { ...context, indiaCountryId, questions: questions ?? [] },
    // Focus goes to the first invalid field in reading order instead (focusFirstInvalid).
    shouldFocusError: false,
  });
  const { trigger, formState } = form;
  // The generic Values hide the location fields' paths from react-hook-form's types.
  const countryPath = 'CountryID' as Path<Values>;
  const statePath = 'StateID' as Path<Values>;

  usePreloadWhenIdle(resolver);

  // Most registrants are in India: it is the country until the person picks another. The form
  // starts with it when the list is at hand (a tab opened again), else it is made the field's
  // default once the list arrives, so a submit or Start again comes back to it; a country
  // already chosen (typed, or brought back by the draft) stays. Before the draft's effect: its
  // reset drops the registered fields, which resetField needs.
  useEffect(() => {
    if (indiaCountryId === undefined) return;
    const india = String(indiaCountryId) as PathValue<Values, Path<Values>>;
    if (form.control._defaultValues[countryPath] === india) return;
    const chosen = form.getValues(countryPath);
    form.resetField(countryPath, { defaultValue: india, keepError: true });
    if (chosen) form.setValue(countryPath, chosen, { shouldDirty: true });
  }, [form, countryPath, indiaCountryId]);

  const draft = useFormDraft({ form, key: draftKey, skip: ['terms', ...draftSkip] });

  // A select shows a value only once its option exists: a value set before the lists arrived
  // (the +91 default, a draft's country, state or sector) is put to the select again when they do.
  const selectNames = ['countryCode', countryPath, statePath, ...(otherSelects?.names ?? [])].join(',');
  const listsLoaded = [countries, states, ...(otherSelects?.lists ?? [])]
    .map((list) => list?.length ?? -1)
    .join(',');
  useEffect(() => {
    for (const path of selectNames.split(',') as Path<Values>[]) {
      const value = form.getValues(path);
      if (value) form.setValue(path, value);
    }
  }, [form, selectNames, listsLoaded]);

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

  // The props of <LocationFields>: a new country clears the chosen state and re-checks it, and
  // the pincode (India's has six digits).
  const location = {
    fields: {
      CountryID: form.register(countryPath, {
        onChange: () => form.setValue(statePath, '' as PathValue<Values, Path<Values>>),
        deps: [statePath, 'pincode' as Path<Values>],
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
    draft,
    onSubmit,
    contact,
    location,
    questionFields,
    formError,
    alreadyRegistered,
  };
}
