/**
 * Turning a failed registration into what the visitor sees: per-field messages (of a 400, or a
 * refused file's 413 or 415) go under their fields; any other answer from the server is said
 * above the Submit button in its own words, and nothing else changes; an unreachable server
 * gets an inline message too (the spec only logs it, which leaves the visitor guessing).
 */
import { ALREADY_REGISTERED_CODE } from '@festival/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, NetworkError } from '~/lib/api-client';
import { formFieldOf } from '~/lib/answer-keys';

/**
 * The refusal of an email already registered in this role (409 with ALREADY_REGISTERED_CODE):
 * its message, which says a link to the registration went to that inbox, for the form to show
 * on the page instead of an alert.
 */
export function alreadyRegisteredMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const { body } = error;
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
  return code === ALREADY_REGISTERED_CODE ? error.message : undefined;
}

/** Whether the server refused an answer to a registration question (a 400 naming `answers.<id>`). */
export const refusesAnswers = (error: unknown) =>
  error instanceof ApiError && Object.keys(error.fieldErrors).some((field) => field.startsWith('answers.'));

const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/**
 * Applies a registration error to the form. Returns a form-level message to show, if any.
 * `fields` are the form's own field names, and a question's answer (`answers.<id>`) goes under
 * that question; server messages for other keys become form-level.
 */
export function applyRegistrationError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | undefined {
  if (error instanceof NetworkError) return error.message;
  if (!(error instanceof ApiError)) return UNEXPECTED_ERROR_MESSAGE;

  const entries = Object.entries(error.fieldErrors);
  if (entries.length === 0) return error.message;
  const known = new Set<string>(fields);
  const unplaced: string[] = [];
  // The caller focuses the first of them in reading order (focusFirstInvalid).
  for (const [serverField, message] of entries) {
    const field = formFieldOf(serverField);
    if (known.has(field) || field.startsWith('answers.q')) {
      setError(field as Path<T>, { type: 'server', message });
    } else {
      unplaced.push(message);
    }
  }
  return unplaced.length > 0 ? unplaced.join(' ') : undefined;
}
