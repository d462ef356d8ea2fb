/**
 * The startup form of the Pitcher and Start-Up tabs, with the spec's fields and rules.
 * Validated with the server's own schema; messages appear only after the first submit and then
 * follow each change. Sent as multipart with the optional logo, brochure and product images.
 */
import type { Category, Country, RegisteredAttendee, Stage, State } from '@festival/shared';
import { useLingui } from '@lingui/react/macro';
import { Input, Select, Textarea } from '~/components/ui/field';
import { useRegisterStartup } from '../api/register-startup';
import type { StartupFormOutput, StartupFormValues } from '../lib/form-schemas';
import { startupResolver } from '../lib/resolvers';
import { useRegistrationForm } from '../hooks/use-registration-form';
import { ContactFields } from './contact-fields';
import { FormFooter } from './form-footer';
import { FormSection } from './form-section';
import { LocationFields } from './location-fields';
import { QuestionFields } from './question-fields';

export interface StartupFormProps {
  /** Pitcher (1) or Start-Up (2): the tab the attendee registers under. */
  participantCategoryId: number;
  /** The tab's first ticket type, recorded with the registration. */
  ticketId: number | undefined;
  countries: readonly Country[] | undefined;
  categories: readonly Category[] | undefined;
  stages: readonly Stage[] | undefined;
  /** States of the country chosen in this form (see `onCountryChange`). */
  states: readonly State[] | undefined;
  statesLoading: boolean;
  onCountryChange: (countryId: number | undefined) => void;
  /** Called after the success alert, once the form has been reset. */
  onRegistered: (attendee: RegisteredAttendee, message: string) => void;
  /** Given when the form adds an attendee in the attendees dialog: shows Cancel. */
  onCancel?: (() => void) | undefined;
  'aria-labelledby'?: string;
}

const DEFAULT_VALUES: StartupFormValues = {
  contactPersonName: '',
  email: '',
  // India's code until the person picks another; the country follows India too (useRegistrationForm).
  countryCode: '+91',
  contactNo: '',
  companyName: '',
  founderName: '',
  categoryId: '',
  stageOfStartup: '',
  teamSize: '',
  legalName: '',
  yearFounded: '',
  CountryID: '',
  StateID: '',
  City: '',
  pincode: '',
  address: '',
  description: '',
  logo: undefined,
  brochure: undefined,
  productImages: undefined,
  terms: false,
  answers: {},
};

/** The file inputs: a draft cannot keep them (only the person can choose a file). */
const STARTUP_FILES = ['logo', 'brochure', 'productImages'];

/** Multipart body: the text fields first, then the files, as the server streams them in order. */
function toFormData({ logo, brochure, productImages, ...fields }: StartupFormOutput): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    // The answers are an object: the server reads them as one JSON field.
    if (key === 'answers') body.append(key, JSON.stringify(value ?? {}));
    else if (value !== undefined && value !== null) body.append(key, String(value));
  }
  if (logo) body.append('logo', logo);
  if (brochure) body.append('brochure', brochure);
  for (const image of productImages) body.append('productImages', image);
  return body;
}

export function StartupForm({
  participantCategoryId,
  ticketId,
  countries,
  categories,
  stages,
  states,
  statesLoading,
  onCountryChange,
  onRegistered,
  onCancel,
  'aria-labelledby': labelledBy,
}: StartupFormProps) {
  const { t } = useLingui();
  const stateRequired = Boolean(states?.length);
  const registration = useRegisterStartup();
  const { form, draft, onSubmit, contact, location, questionFields, formError, alreadyRegistered } =
    useRegistrationForm({
      defaultValues: DEFAULT_VALUES,
      resolver: startupResolver,
      context: { participantCategoryId, ticketId, stateRequired },
      countries,
      states,
      // The tab's form keeps a draft; one adding an attendee in the attendees dialog does not.
      draftKey: onCancel ? undefined : `startup-${participantCategoryId}`,
      draftSkip: STARTUP_FILES,
      otherSelects: { names: ['categoryId', 'stageOfStartup'], lists: [categories, stages] },
      submit: (values, locale) => registration.mutateAsync(toFormData({ ...values, locale })),
      onCountryChange,
      onRegistered,
    });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={labelledBy} className="grid gap-8">
      <FormSection title={t`Contact person`}>
        <Input
          label={t`Contact Person Name`}
          required
          autoComplete="name"
          error={errors.contactPersonName?.message}
          {...register('contactPersonName')}
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

      <FormSection title={t`Startup`}>
        <Input
          label={t`Startup Name`}
          required
          autoComplete="organization"
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <Input
          label={t`Founder Name`}
          required
          error={errors.founderName?.message}
          {...register('founderName')}
        />
        <Input
          label={t`Legal Name of Startup`}
          required
          error={errors.legalName?.message}
          {...register('legalName')}
        />
        <Select
          label={t`Industry/Sector`}
          required
          placeholder={categories ? t`Select industry/sector` : t`Loading…`}
          options={(categories ?? []).map((category) => ({
            value: String(category._id),
            label: category.categoryName,
          }))}
          error={errors.categoryId?.message}
          {...register('categoryId')}
        />
        <Select
          label={t`Stage of Startup`}
          required
          placeholder={stages ? t`Select stage` : t`Loading…`}
          options={(stages ?? []).map((stage) => ({ value: String(stage._id), label: stage.StageOfStartup }))}
          error={errors.stageOfStartup?.message}
          {...register('stageOfStartup')}
        />
        <Input
          label={t`Team Size`}
          required
          placeholder={t`e.g. 8`}
          error={errors.teamSize?.message}
          {...register('teamSize')}
        />
        <Input
          label={t`Establishment Date`}
          required
          type="date"
          error={errors.yearFounded?.message}
          {...register('yearFounded')}
        />
        <Textarea
          label={t`Brief About Startup`}
          required
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
      </FormSection>

      <FormSection title={t`Location`}>
        <LocationFields
          countries={countries}
          states={states}
          statesLoading={statesLoading}
          addressRequired
          {...location}
        />
      </FormSection>

      <FormSection title={t`Files (optional)`}>
        <Input
          label={t`Logo`}
          type="file"
          accept="image/*"
          hint={t`PNG, JPEG, WebP or GIF, up to 5 MB`}
          error={errors.logo?.message}
          {...register('logo')}
        />
        <Input
          label={t`Brochure`}
          type="file"
          accept="application/pdf"
          hint={t`PDF, up to 10 MB`}
          error={errors.brochure?.message}
          {...register('brochure')}
        />
        <Input
          label={t`Product Images`}
          type="file"
          accept="image/*"
          multiple
          hint={t`Up to 5 images, 5 MB each`}
          className="sm:col-span-2"
          error={errors.productImages?.message}
          {...register('productImages')}
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
        draft={onCancel ? undefined : { onStartAgain: draft.startAgain, hasFiles: true }}
      />
    </form>
  );
}
