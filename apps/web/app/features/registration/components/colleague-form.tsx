/**
 * "+ Add Attendees" for a startup or an investor: a colleague gives only their name, email,
 * country code (India's until they pick another) and number; the server copies the company's
 * details from the first attendee's registration. Messages appear after the first submit, as in
 * the full forms.
 */
import type { Country, ParticipantCategoryId, RegisteredAttendee } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Input } from '~/components/ui/field';
import { CATEGORY_NAMES } from '~/content/categories';
import { usePreloadWhenIdle } from '~/lib/lazy-resolver';
import { useQuestions } from '../api/get-questions';
import { useRegisterColleague } from '../api/register-colleague';
import { answerKey } from '~/lib/answer-keys';
import type { ColleagueFormOutput, ColleagueFormValues, QuestionContext } from '../lib/form-schemas';
import { colleagueResolver } from '../lib/resolvers';
import { useRegistrationSubmit } from '../hooks/use-registration-submit';
import { ContactFields } from './contact-fields';
import { FormFooter } from './form-footer';
import { QuestionFields } from './question-fields';

export interface ColleagueFormProps {
  /** The company's first attendee, whose details the colleague shares. */
  company: RegisteredAttendee;
  countries: readonly Country[] | undefined;
  /** The ticket type of the company's category the registration records, whose questions the colleague answers too. */
  ticketId: number | undefined;
  onRegistered: (attendee: RegisteredAttendee, message: string) => void;
  onCancel: () => void;
}

const DEFAULT_VALUES: ColleagueFormValues = {
  name: '',
  email: '',
  countryCode: '+91',
  contactNo: '',
  answers: {},
};
const FIELDS = Object.keys(DEFAULT_VALUES) as (keyof ColleagueFormValues)[];

export function ColleagueForm({ company, countries, ticketId, onRegistered, onCancel }: ColleagueFormProps) {
  const { t, i18n } = useLingui();
  const registration = useRegisterColleague(company._id);
  const questionsQuery = useQuestions(company.participantCategoryId, ticketId);
  const questions = questionsQuery.data;
  const form = useForm<ColleagueFormValues, QuestionContext, ColleagueFormOutput>({
    defaultValues: DEFAULT_VALUES,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: colleagueResolver,
    context: { questions: questions ?? [] },
    shouldFocusError: false,
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { onSubmit, formError, alreadyRegistered } = useRegistrationSubmit({
    form,
    fields: FIELDS,
    submit: (values, locale) => registration.mutateAsync({ ...values, locale }),
    onRegistered,
    onAnswersRefused: () => void questionsQuery.refetch(),
  });

  usePreloadWhenIdle(colleagueResolver);
  // The role by its category, so it reads in the page's language (the server's is English).
  const categoryName = CATEGORY_NAMES[company.participantCategoryId as ParticipantCategoryId];
  const role = categoryName ? i18n._(categoryName) : company.role;
  const companyName = company.companyName;
  const firstName = company.name;

  // The select shows +91 only once its option exists: put the value to it again when the list arrives.
  useEffect(() => {
    const code = form.getValues('countryCode');
    if (code) form.setValue('countryCode', code);
  }, [form, countries]);

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t`Add a colleague`}
      className="grid gap-6"
    >
      <p className="text-sm text-slate-700">
        {company.companyName === null ? (
          <Trans>
            Joins your company’s registration as {role}: the company’s details are taken from {firstName}’s
            registration.
          </Trans>
        ) : (
          <Trans>
            Joins {companyName}’s registration as {role}: the company’s details are taken from {firstName}’s
            registration.
          </Trans>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t`Contact Person Name`}
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
        <ContactFields
          countries={countries}
          countryCode={register('countryCode', { deps: ['contactNo'] })}
          contactNo={register('contactNo', { deps: ['countryCode'] })}
          errors={{ countryCode: errors.countryCode?.message, contactNo: errors.contactNo?.message }}
        />
      </div>
      <QuestionFields
        questions={questions}
        field={(questionId) => register(`answers.${answerKey(questionId)}`)}
        error={(questionId) => errors.answers?.[answerKey(questionId)]?.message}
      />
      <FormFooter
        formError={formError}
        alreadyRegistered={alreadyRegistered}
        pending={isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
