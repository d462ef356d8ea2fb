/**
 * The event-inquiry form of /contact, with the spec's rules and messages. Checked on blur,
 * change and submit with the shared schema; a field's message shows once the field has been
 * touched, and every message shows after a submit attempt. The outcome is said below the form:
 * the spec's success message in a status region, its failure message in an alert (with the
 * server's own words when it refused for a reason the fields do not show, such as a rate limit).
 * Everything is said in the page's language: the shared schema's and the server's English messages
 * through lib/i18n/validation-messages.ts (a message not listed there shows as the server wrote it).
 * The inquiry carries no language: the API's contact body has no such field.
 */
import { CONTACT_SUCCESS_MESSAGE, type ContactInquiry, type ContactInquiryInput } from '@festival/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FieldErrorText, FormAlert, Input, Textarea } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { translateValidationMessage } from '~/lib/i18n/validation-messages';
import { lazyResolver, usePreloadWhenIdle } from '~/lib/lazy-resolver';
import { useSendContactInquiry } from '../api/send-contact-inquiry';

/** The spec's message for any failed submission. */
const CONTACT_FAILURE_MESSAGE = msg`Error submitting the form. Please try again later.`;

const DEFAULT_VALUES = {
  contactPersonName: '',
  email: '',
  number: '',
  subject: '',
  message: '',
} satisfies ContactInquiryInput;

type ContactField = FieldPath<ContactInquiryInput>;

const contactResolver = lazyResolver(() =>
  import('../lib/contact-resolver').then((module) => module.contactResolver),
);
const FIELD_NAMES = new Set<string>(Object.keys(DEFAULT_VALUES));

export function ContactForm() {
  const { i18n, t } = useLingui();
  const said = useCallback((english: string) => translateValidationMessage(i18n, english), [i18n]);
  const inquiry = useSendContactInquiry();
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<ContactInquiryInput, unknown, ContactInquiry>({
    defaultValues: DEFAULT_VALUES,
    mode: 'all',
    resolver: contactResolver,
  });

  usePreloadWhenIdle(contactResolver);

  const errorOf = (name: ContactField) =>
    touchedFields[name] || isSubmitted ? errors[name]?.message : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    setSent(undefined);
    try {
      const { message } = await inquiry.mutateAsync(values);
      reset();
      setSent(said(message || CONTACT_SUCCESS_MESSAGE));
    } catch (error) {
      console.warn('Contact form submission failed', error);
      if (error instanceof ApiError && error.status === 400) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (FIELD_NAMES.has(field)) setError(field as ContactField, { type: 'server', message });
        }
      }
      const reason =
        error instanceof ApiError && error.status !== 400 && error.status < 500 ? said(error.message) : '';
      const failure = i18n._(CONTACT_FAILURE_MESSAGE);
      setFormError(reason ? `${failure} ${reason}` : failure);
    }
  });

  return (
    <FieldErrorText value={said}>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="contact-form-title"
        className="grid gap-4 sm:grid-cols-2"
      >
        <h2 id="contact-form-title" className="text-xl font-bold text-brand-900 sm:col-span-2">
          <Trans>Send us a message</Trans>
        </h2>
        <Input
          label={t`Name`}
          required
          autoComplete="name"
          error={errorOf('contactPersonName')}
          {...register('contactPersonName')}
        />
        <Input
          label={t`Email`}
          required
          type="email"
          autoComplete="email"
          error={errorOf('email')}
          {...register('email')}
        />
        <Input
          label={t`Phone number`}
          required
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          error={errorOf('number')}
          {...register('number')}
        />
        <Input label={t`Subject`} required error={errorOf('subject')} {...register('subject')} />
        <Textarea
          label={t`Your Message`}
          className="sm:col-span-2"
          rows={5}
          error={errorOf('message')}
          {...register('message')}
        />
        <div className="grid gap-4 sm:col-span-2">
          <FormAlert>{formError ?? errors.root?.message}</FormAlert>
          {/* Always there, so screen readers announce the message when it fills in. */}
          <p
            role="status"
            className={
              sent
                ? 'rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900'
                : 'sr-only'
            }
          >
            {sent}
          </p>
          <div>
            <Button
              type="submit"
              pending={isSubmitting}
              pendingLabel={t`Submitting...`}
              className="w-full sm:w-auto"
            >
              <Trans>Submit</Trans>
            </Button>
          </div>
        </div>
      </form>
    </FieldErrorText>
  );
}
