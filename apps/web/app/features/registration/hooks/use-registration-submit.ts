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
import { focusFirstInvalid } from '../lib/focus-first-invalid';
import { alreadyRegisteredMessage, applyRegistrationError, refusesAnswers } from '../lib/server-errors';

export interface RegistrationSubmitOptions<Values extends FieldValues, Context, Output> {
  form: UseFormReturn<Values, Context, Output>;
  /** The form's field names, which the server's field messages may name. */
  fields: readonly Path<Values>[];
  /** Sends the validated values; resolves to the API's `{message, data}`. */
  submit: (values: Output) => Promise<{ message: string; data: RegisteredAttendee }>;
  onRegistered: OnRegistered;
  /**
   * Called when the server refused the answers to the registration questions: one may have been
   * added or changed since the form loaded them, so the form loads them again and shows the
   * server's message under the question.
   */
  onAnswersRefused: () => void;
}

/** Hands on a registered attendee with the server's message ('Registration successful'). */
export type OnRegistered = (attendee: RegisteredAttendee, message: string) => void;

export function useRegistrationSubmit<Values extends FieldValues, Context, Output>({
  form,
  fields,
  submit,
  onRegistered,
  onAnswersRefused,
}: RegistrationSubmitOptions<Values, Context, Output>) {
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
        const { message, data } = await submit(values);
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
