/**
 * Console forms: react-hook-form with the shared zod schema as resolver (one set of rules and
 * messages for the browser and the server), and fields that take their error from the form.
 * The server's per-field messages of a 400 answer land on the same fields (`applyServerErrors`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { useState } from 'react';
import type { z } from 'zod';
import {
  Input,
  Select,
  Textarea,
  type InputProps,
  type SelectProps,
  type TextareaProps,
} from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/console/admin-client';

/** useForm validated by `schema`: values typed as its input, submitted as its output. */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    ...options,
  });
}

/** Any form of values `T`, whatever its submitted (transformed) values. */
export type AnyForm<T extends FieldValues, O extends FieldValues = FieldValues> = UseFormReturn<
  T,
  unknown,
  O
>;

/** The form's message for `name`, if any. */
function fieldError<T extends FieldValues, O extends FieldValues>(
  form: AnyForm<T, O>,
  name: Path<T>,
): string | undefined {
  const error: unknown = get(form.formState.errors, name);
  return typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
    ? error.message
    : undefined;
}

/** A labelled input registered on `form` under `name`. */
export function FormInput<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  ...props
}: { form: AnyForm<T, O>; name: Path<T> } & Omit<InputProps, 'name' | 'error' | 'form'>) {
  return <Input {...props} error={fieldError(form, name)} {...form.register(name)} />;
}

/** A labelled multi-line text field registered on `form` under `name`. */
export function FormTextarea<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  ...props
}: { form: AnyForm<T, O>; name: Path<T> } & Omit<TextareaProps, 'name' | 'error' | 'form'>) {
  return <Textarea {...props} error={fieldError(form, name)} {...form.register(name)} />;
}

/** A labelled select registered on `form` under `name`. */
export function FormSelect<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  ...props
}: { form: AnyForm<T, O>; name: Path<T> } & Omit<SelectProps, 'name' | 'error' | 'form'>) {
  return <Select {...props} error={fieldError(form, name)} {...form.register(name)} />;
}

/**
 * Puts a failed submission's per-field messages on the form's fields and returns the message
 * for the form as a whole (the server's, or the network's), for a FormAlert; empty when that
 * message is one a field already shows (a weak password's reason is said once, by its field).
 */
export function applyServerErrors<T extends FieldValues, O extends FieldValues>(
  form: AnyForm<T, O>,
  error: unknown,
): string {
  const shown = new Set<string>();
  if (error instanceof ApiError) {
    const values = form.getValues() as Record<string, unknown>;
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      if (!(field in values)) continue;
      form.setError(field as Path<T>, { type: 'server', message });
      shown.add(message);
    }
  }
  const message = errorMessage(error);
  return shown.has(message) ? '' : message;
}

/**
 * The submit handler of a console form that sends its (schema-checked) values to the server:
 * runs `action`, and on failure puts the server's per-field messages on the fields and the
 * form-level message in `failure` (for a FormAlert), cleared on the next attempt.
 */
export function useServerSubmit<T extends FieldValues, O extends FieldValues>(
  form: AnyForm<T, O>,
  action: (values: O) => Promise<void>,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await action(values);
    } catch (error) {
      setFailure(applyServerErrors(form, error));
    }
  });
  return { onSubmit, failure };
}
