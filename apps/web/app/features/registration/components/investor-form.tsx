/**
 * The investor form of the Investor tab, with the spec's fields and rules, sent as
 * JSON. Same validation behaviour as the startup form.
 */
import type { Country, RegisteredAttendee, State } from '@festival/shared';
import { useLingui } from '@lingui/react/macro';
import { Input, Textarea } from '~/components/ui/field';
import { useRegisterInvestor } from '../api/register-investor';
import type { InvestorFormValues } from '../lib/form-schemas';
import { investorResolver } from '../lib/resolvers';
import { useRegistrationForm } from '../hooks/use-registration-form';
import { ContactFields } from './contact-fields';
import { FormFooter } from './form-footer';
import { FormSection } from './form-section';
import { LocationFields } from './location-fields';
import { QuestionFields } from './question-fields';

export interface InvestorFormProps {
  /** Investor (3). */
  participantCategoryId: number;
  ticketId: number | undefined;
  countries: readonly Country[] | undefined;
  states: readonly State[] | undefined;
  statesLoading: boolean;
  onCountryChange: (countryId: number | undefined) => void;
  onRegistered: (attendee: RegisteredAttendee, message: string) => void;
  /** Given when the form adds an attendee in the attendees dialog: shows Cancel. */
  onCancel?: (() => void) | undefined;
  'aria-labelledby'?: string;
}

const DEFAULT_VALUES: InvestorFormValues = {
  name: '',
  email: '',
  // India's code until the person picks another; the country follows India too (useRegistrationForm).
  countryCode: '+91',
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
  answers: {},
};

export function InvestorForm({
  participantCategoryId,
  ticketId,
  countries,
  states,
  statesLoading,
  onCountryChange,
  onRegistered,
  onCancel,
  'aria-labelledby': labelledBy,
}: InvestorFormProps) {
  const { t } = useLingui();
  const stateRequired = Boolean(states?.length);
  const registration = useRegisterInvestor();
  const { form, draft, onSubmit, contact, location, questionFields, formError, alreadyRegistered } =
    useRegistrationForm({
      defaultValues: DEFAULT_VALUES,
      resolver: investorResolver,
      context: { participantCategoryId, ticketId, stateRequired },
      countries,
      states,
      // The tab's form keeps a draft; one adding an attendee in the attendees dialog does not.
      draftKey: onCancel ? undefined : `investor-${participantCategoryId}`,
      submit: (values, locale) => registration.mutateAsync({ ...values, locale }),
      onCountryChange,
      onRegistered,
    });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={labelledBy} className="grid gap-8">
      <FormSection title={t`Investor`}>
        <Input
          label={t`Name`}
          required
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <Input
          label={t`Email`}
          required
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <ContactFields countries={countries} {...contact} />
        <Input
          label={t`Company Name`}
          autoComplete="organization"
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <Input
          label={t`Investment Amount`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          prefix="₹"
          hint={t`In rupees; optional`}
          error={errors.investmentAmount?.message}
          {...register('investmentAmount')}
        />
      </FormSection>

      <FormSection title={t`Location`}>
        <LocationFields
          countries={countries}
          states={states}
          statesLoading={statesLoading}
          addressRequired={false}
          {...location}
        />
        <Textarea
          label={t`Description`}
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
      </FormSection>

      <QuestionFields {...questionFields} />

      <FormFooter
        terms={register('terms')}
        termsError={errors.terms?.message}
        formError={formError}
        alreadyRegistered={alreadyRegistered}
        pending={isSubmitting}
        onCancel={onCancel}
        draft={onCancel ? undefined : { onStartAgain: draft.startAgain }}
      />
    </form>
  );
}
