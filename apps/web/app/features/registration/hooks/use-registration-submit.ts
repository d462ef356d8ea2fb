/**
 * The submit cycle every registration form shares: on success reset and hand the attendee on with
 * the server's message (the attendees dialog says it); for an email registered already, show on the page that a link to that
 * registration was emailed (paid or not, the answer is the same) and go no further; otherwise put
 * the server's messages on their fields and above the form. Either way focus goes to the first
 * invalid field in reading order.
 */
import type { RegisteredAttendee } from '@festival/shared';
import { useState, type FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Locale } from '~/lib/i18n/locales';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { focusFirstInvalid } from '../lib/focus-first-invalid';
import { alreadyRegisteredMessage, applyRegistrationError, refusesAnswers } from '../lib/server-errors';

export interface RegistrationSubmitOptions<Values extends FieldValues, Context, Output> {
  form: UseFormReturn<Values, Context, Output>;
  /** The form's field names, which the server's field messages may name. */
  fields: readonly Path<Values>[];
  submit: RegistrationSend<Output>;
  onRegistered: OnRegistered;
  /**
   * Called when the server refused the answers to the registration questions: one may have been
   * added or changed since the form loaded them, so the form loads them again and shows the
   * server's message under the question.
   */
  onAnswersRefused: () => void;
}

/**
 * Sends the validated values with the page's language (the server stores it on the registration
 * and writes the registrant's emails in it); resolves to the API's `{message, data}`.
 */
export type RegistrationSend<Output> = (
  values: Output,
  locale: Locale,
) => Promise<{ message: string; data: RegisteredAttendee }>;

/** Hands on a registered attendee with the server's message ('Registration successful'). */
export type OnRegistered = (attendee: RegisteredAttendee, message: string) => void;

export function useRegistrationSubmit<Values extends FieldValues, Context, Output>({
  form,
  fields,
  submit,
  onRegistered,
  onAnswersRefused,
}: RegistrationSubmitOptions<Values, Context, Output>) {
  const locale = usePageLocale();
  const [formError, setFormError] = useState<string>();
  const [alreadyRegistered, setAlreadyRegistered] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formElement = event.currentTarget;
    const focusProblem = () =>
      focusFirstInvalid(formElement, (name) => form.getFieldState(name as Path<Values>).invalid);
    return form.handleSubmit(async (values) => {
      setFormError(undefined);
      setAlreadyRegistered(undefined);
      try {
        const { message, data } = await submit(values, locale);
        form.reset();
        onRegistered(data, message);
      } catch (error) {
        const registered = alreadyRegisteredMessage(error);
        if (registered) return setAlreadyRegistered(registered);
        setFormError(applyRegistrationError(error, fields, form.setError));
        if (refusesAnswers(error)) onAnswersRefused();
        focusProblem();
      }
    }, focusProblem)(event);
  };

  return { onSubmit, formError: formError ?? form.formState.errors.root?.message, alreadyRegistered };
}
