/**
 * What the startup and investor forms share: react-hook-form on the shared schema with messages
 * only after the first submit, the linked phone fields, the country → states link, and the submit
 * cycle (`useRegistrationSubmit`).
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
  context: RegistrationFormContext;
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
  const form = useForm<Values, RegistrationFormContext, Output>({
    defaultValues: defaultValues as DefaultValues<Values>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver,
    context,
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

  return {
    form,
    onSubmit,
    contact,
    location,
    formError,
    alreadyRegistered,
  };
}
