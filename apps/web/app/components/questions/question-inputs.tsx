/**
 * The inputs of the organizer's registration questions (issue 28 §3), for the registration forms
 * and for changing answers later (the manage page, the console): free text as a text box, one
 * option as radio buttons, several as checkboxes, yes/no as two radios. Each group is a fieldset
 * named by its question, with its help text and error tied to it for screen readers; every
 * control is reached by Tab and chosen with the arrow keys or Space, as native controls are.
 * They sit in a two-column grid, each across both columns.
 */
import { QUESTION_LIMITS, type PublicQuestion } from '@festival/shared';
import { clsx } from 'clsx';
import { use, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldErrorText, Input } from '~/components/ui/field';

export interface QuestionInputsProps {
  /** Undefined while they load; an empty list shows nothing. */
  questions: readonly PublicQuestion[] | undefined;
  /** The input registration of a question's answer (`answers.q<id>`). */
  field: (questionId: number) => UseFormRegisterReturn;
  error: (questionId: number) => string | undefined;
  /** The inputs' own words in the page's language; English by default (the console and /manage). */
  wording?: QuestionWording | undefined;
}

/** What the inputs say besides the organizer's questions: the yes/no answers and the multi-choice hint. */
export interface QuestionWording {
  yes: string;
  no: string;
  chooseAny: string;
}

const ENGLISH: QuestionWording = { yes: 'Yes', no: 'No', chooseAny: 'Choose any that apply.' };

/** The questions' inputs, in order; nothing while they load or when there are none. */
export function QuestionInputs({ questions, field, error, wording = ENGLISH }: QuestionInputsProps) {
  if (!questions || questions.length === 0) return null;
  const yesNo = [
    { value: 'yes', label: wording.yes },
    { value: 'no', label: wording.no },
  ];
  return (
    <>
      {questions.map((question) =>
        question.kind === 'text' ? (
          <Input
            key={question.id}
            className="sm:col-span-2"
            label={question.label}
            required={question.required}
            hint={question.helpText || undefined}
            maxLength={QUESTION_LIMITS.textAnswer}
            error={error(question.id)}
            {...field(question.id)}
          />
        ) : (
          <OptionGroup
            key={question.id}
            question={question}
            options={
              question.kind === 'yes_no'
                ? yesNo
                : question.options.map((option) => ({ value: option, label: option }))
            }
            field={field(question.id)}
            error={error(question.id)}
            chooseAny={wording.chooseAny}
          />
        ),
      )}
    </>
  );
}

function OptionGroup({
  question,
  options,
  field,
  error,
  chooseAny,
}: {
  question: PublicQuestion;
  options: readonly { value: string; label: string }[];
  field: UseFormRegisterReturn;
  error: string | undefined;
  chooseAny: string;
}) {
  const id = useId();
  const errorText = use(FieldErrorText);
  const multiple = question.kind === 'multi_choice';
  const hint = [question.helpText, multiple ? chooseAny : ''].filter(Boolean).join(' ');
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset
      className="min-w-0 sm:col-span-2"
      role={multiple ? 'group' : 'radiogroup'}
      aria-required={!multiple && question.required ? true : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {question.label}
        {question.required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="mb-2 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              'flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm text-slate-800',
              error ? 'border-red-300' : 'border-slate-200',
            )}
          >
            <input
              type={multiple ? 'checkbox' : 'radio'}
              value={option.value}
              className="size-5 shrink-0 accent-brand-700"
              {...field}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {errorText(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
