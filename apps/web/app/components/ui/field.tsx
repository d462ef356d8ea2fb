/**
 * Form controls with their label, required marker, hint and error text wired for assistive
 * technology: the label names the control, `aria-describedby` points at the hint and the
 * error, `aria-invalid` marks a failing field. Forms use `noValidate`, so `required` here is
 * only announced (aria-required); the zod schema is the single source of the rules.
 */
import { clsx } from 'clsx';
import { createContext, use, useId, type ComponentProps, type ReactNode } from 'react';

/**
 * How a field shows its error text: as given, unless the page provides a translation of the
 * shared schemas' English messages (the registration page: lib/i18n/validation-messages.ts).
 */
export const FieldErrorText = createContext<(message: string) => string>((message) => message);

interface FieldBaseProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, errorId, hintId, describedBy };
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-600">
      *
    </span>
  );
}

function FieldMessages({
  error,
  errorId,
  hint,
  hintId,
}: {
  error?: string | undefined;
  errorId: string;
  hint: ReactNode;
  hintId: string;
}) {
  const errorText = use(FieldErrorText);
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {errorText(error)}
        </p>
      ) : null}
    </>
  );
}

const controlClass = (invalid: boolean) =>
  clsx(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 disabled:bg-slate-100',
    invalid ? 'border-red-500' : 'border-slate-300 hover:border-slate-400',
  );

/** The attributes that tie a control to its label, hint and error. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label (with its required marker), hint and error around one control, which `children` renders. */
function FieldShell({
  label,
  error,
  hint,
  required,
  className,
  children,
}: FieldBaseProps & { children: (wiring: ControlWiring) => ReactNode }) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
        'aria-describedby': describedBy,
      })}
      <FieldMessages error={error} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}

export type InputProps = FieldBaseProps & Omit<ComponentProps<'input'>, 'className'> & { prefix?: string };

/** A labelled text-like input (text, email, tel, date, number, file). */
export function Input({
  label,
  error,
  hint,
  required,
  className,
  prefix,
  type = 'text',
  ...props
}: InputProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} className={className}>
      {(wiring) => {
        const input = (
          <input
            {...wiring}
            type={type}
            className={clsx(
              controlClass(Boolean(error) || props['aria-invalid'] === true),
              type === 'file' &&
                'py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-800',
              prefix && 'pl-8',
            )}
            {...props}
          />
        );
        return prefix ? (
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500"
            >
              {prefix}
            </span>
            {input}
          </div>
        ) : (
          input
        );
      }}
    </FieldShell>
  );
}

export type TextareaProps = FieldBaseProps & Omit<ComponentProps<'textarea'>, 'className'>;

export function Textarea({ label, error, hint, required, className, rows = 4, ...props }: TextareaProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} className={className}>
      {(wiring) => <textarea {...wiring} rows={rows} className={controlClass(Boolean(error))} {...props} />}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  /** React key when values repeat (several countries share an ISD code). */
  key?: string | number;
}

export type SelectProps = FieldBaseProps &
  Omit<ComponentProps<'select'>, 'className' | 'children'> & {
    options: readonly SelectOption[];
    /** Text of the empty first option. */
    placeholder: string;
  };

export function Select({
  label,
  error,
  hint,
  required,
  className,
  options,
  placeholder,
  ...props
}: SelectProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} className={className}>
      {(wiring) => (
        <select
          {...wiring}
          className={clsx(controlClass(Boolean(error) || props['aria-invalid'] === true), 'pr-8')}
          {...props}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.key ?? option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export type CheckboxProps = Omit<FieldBaseProps, 'required'> &
  Omit<ComponentProps<'input'>, 'className' | 'type'>;

export function Checkbox({ label, error, hint, className, ...props }: CheckboxProps) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-700"
          {...props}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldMessages error={error} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}

/** A form-level message (server unreachable, unexpected answer), announced by screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
