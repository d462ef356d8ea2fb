/**
 * The investor form of the Investor tab (spec §3 Investor registration, §5 rules), sent as
 * JSON. Same validation behaviour as the startup form.
 */
import type { Country, RegisteredAttendee, State } from '@festival/shared';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert, Input, Textarea } from '~/components/ui/field';
import { useRegisterInvestor } from '../api/register-investor';
import {
  investorResolver,
  type InvestorFormOutput,
  type InvestorFormValues,
  type RegistrationFormContext,
} from '../lib/form-schemas';
import { applyRegistrationError } from '../lib/server-errors';
import { ContactFields } from './contact-fields';
import { FormSection } from './form-section';
import { LocationFields } from './location-fields';

export interface InvestorFormProps {
  /** Investor (3). */
  participantCategoryId: number;
  ticketId: number | undefined;
  countries: readonly Country[] | undefined;
  states: readonly State[] | undefined;
  statesLoading: boolean;
  onCountryChange: (countryId: number | undefined) => void;
  onRegistered: (attendee: RegisteredAttendee) => void;
  'aria-labelledby'?: string;
}

const DEFAULT_VALUES: InvestorFormValues = {
  name: '',
  email: '',
  countryCode: '',
  contactNo: '',
  companyName: '',
  investmentAmount: '',
  CountryID: '',
  StateID: '',
  City: '',
  pincode: '',
  address: '',
  description: '',
  terms: false,
};

const FIELD_NAMES = Object.keys(DEFAULT_VALUES) as Path<InvestorFormValues>[];

export function InvestorForm({
  participantCategoryId,
  ticketId,
  countries,
  states,
  statesLoading,
  onCountryChange,
  onRegistered,
  'aria-labelledby': labelledBy,
}: InvestorFormProps) {
  const stateRequired = Boolean(states?.length);
  const registration = useRegisterInvestor();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    trigger,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<InvestorFormValues, RegistrationFormContext, InvestorFormOutput>({
    defaultValues: DEFAULT_VALUES,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: investorResolver,
    context: { participantCategoryId, ticketId, stateRequired },
  });

  const countryId = useWatch({ control, name: 'CountryID' });
  useEffect(() => {
    onCountryChange(countryId ? Number(countryId) : undefined);
  }, [countryId, onCountryChange]);

  // The state rule depends on the loaded state list; once messages show, keep State's current.
  useEffect(() => {
    if (isSubmitted) void trigger('StateID');
  }, [stateRequired, isSubmitted, trigger]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const { message, data } = await registration.mutateAsync(values);
      window.alert(message);
      reset();
      onRegistered(data);
    } catch (error) {
      setFormError(applyRegistrationError(error, FIELD_NAMES, setError));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={labelledBy} className="grid gap-8">
      <FormSection title="Investor">
        <Input label="Name" required autoComplete="name" error={errors.name?.message} {...register('name')} />
        <Input
          label="Email"
          required
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <ContactFields
          countries={countries}
          // One rule covers both fields (spec §5): a change to either re-checks the other.
          countryCode={register('countryCode', { deps: ['contactNo'] })}
          contactNo={register('contactNo', { deps: ['countryCode'] })}
          errors={{ countryCode: errors.countryCode?.message, contactNo: errors.contactNo?.message }}
        />
        <Input
          label="Company Name"
          autoComplete="organization"
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <Input
          label="Investment Amount"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          prefix="₹"
          hint="In rupees; optional"
          error={errors.investmentAmount?.message}
          {...register('investmentAmount')}
        />
      </FormSection>

      <FormSection title="Location">
        <LocationFields
          countries={countries}
          states={states}
          statesLoading={statesLoading}
          addressRequired={false}
          fields={{
            CountryID: register('CountryID', { onChange: () => setValue('StateID', ''), deps: ['StateID'] }),
            StateID: register('StateID'),
            City: register('City'),
            pincode: register('pincode'),
            address: register('address'),
          }}
          errors={{
            CountryID: errors.CountryID?.message,
            StateID: errors.StateID?.message,
            City: errors.City?.message,
            pincode: errors.pincode?.message,
            address: errors.address?.message,
          }}
        />
        <Textarea
          label="Description"
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
      </FormSection>

      <div className="grid gap-4">
        <Checkbox
          label="I accept the terms and conditions"
          error={errors.terms?.message}
          {...register('terms')}
        />
        <FormAlert>{formError ?? errors.root?.message}</FormAlert>
        <div>
          <Button
            type="submit"
            pending={isSubmitting}
            pendingLabel="Submitting…"
            className="w-full sm:w-auto"
          >
            Submit
          </Button>
        </div>
      </div>
    </form>
  );
}
