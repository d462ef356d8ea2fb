/**
 * The visitor form of the Visitor tab, when the edition sells Visitor passes here
 * (`visitorRegistration` 'pass'): the person, their phone and where they come from, sent as
 * JSON; then the same attendees → Select Tickets → payment flow as the other tabs.
 */
import type { Country, RegisteredAttendee, State } from '@festival/shared';
import { useLingui } from '@lingui/react/macro';
import { Input } from '~/components/ui/field';
import { useRegisterVisitor } from '../api/register-visitor';
import type { VisitorFormValues } from '../lib/form-schemas';
import { visitorResolver } from '../lib/resolvers';
import { useRegistrationForm } from '../hooks/use-registration-form';
import { ContactFields } from './contact-fields';
import { FormFooter } from './form-footer';
import { FormSection } from './form-section';
import { LocationFields } from './location-fields';
import { QuestionFields } from './question-fields';

export interface VisitorFormProps {
  /** Visitor (4). */
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

const DEFAULT_VALUES: VisitorFormValues = {
  name: '',
  email: '',
  // India's code until the person picks another; the country follows India too (useRegistrationForm).
  countryCode: '+91',
  contactNo: '',
  CountryID: '',
  StateID: '',
  City: '',
  pincode: '',
  address: '',
  terms: false,
  answers: {},
};

export function VisitorForm({
  participantCategoryId,
  ticketId,
  countries,
  states,
  statesLoading,
  onCountryChange,
  onRegistered,
  onCancel,
  'aria-labelledby': labelledBy,
}: VisitorFormProps) {
  const { t } = useLingui();
  const stateRequired = Boolean(states?.length);
  const registration = useRegisterVisitor();
  const { form, draft, onSubmit, contact, location, questionFields, formError, alreadyRegistered } =
    useRegistrationForm({
      defaultValues: DEFAULT_VALUES,
      resolver: visitorResolver,
      context: { participantCategoryId, ticketId, stateRequired },
      countries,
      states,
      // The tab's form keeps a draft; one adding an attendee in the attendees dialog does not.
      draftKey: onCancel ? undefined : `visitor-${participantCategoryId}`,
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
      <FormSection title={t`Visitor`}>
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
      </FormSection>

      <FormSection title={t`Location`}>
        <LocationFields
          countries={countries}
          states={states}
          statesLoading={statesLoading}
          addressRequired={false}
          {...location}
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
