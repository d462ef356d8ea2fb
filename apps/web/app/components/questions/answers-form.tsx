/**
 * Changing an attendee's answers to the registration questions after they registered (the
 * manage page, the console): the questions asked of them now, their stored answers filled in,
 * checked on submit by the server's own rule (`answerErrors`: a required question stays
 * required) with its messages under each question and focus on the first; the server's
 * refusals land on the same questions. `AnswerList` shows answers read-only.
 */
import {
  answerErrors,
  formatAnswer,
  type Answers,
  type AttendeeAnswers,
  type PublicQuestion,
} from '@festival/shared';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Path, type Resolver, type ResolverResult } from 'react-hook-form';
import { FormAlert } from '~/components/ui/field';
import { ApiError, NetworkError } from '~/lib/api-client';
import { answerKey, toApiAnswers, type AnswerInputs } from '~/lib/answer-keys';
import { QuestionInputs, type QuestionWording } from './question-inputs';

/** What the form and list say besides the organizer's questions, in the page's language. */
export interface AnswerWording extends QuestionWording {
  notAnswered: string;
  /** When saving failed for a reason the server did not word. */
  notSaved: string;
}

/** The console's words (it stays English), and the default. */
const ENGLISH: AnswerWording = {
  yes: 'Yes',
  no: 'No',
  chooseAny: 'Choose any that apply.',
  notAnswered: 'Not answered',
  notSaved: 'The answers could not be saved. Please try again.',
};

interface AnswerValues {
  answers: AnswerInputs;
}

/** The inputs' starting values: the stored answers; a checkbox group starts as a list, a radio unchosen. */
function inputsOf(sheet: AttendeeAnswers): AnswerInputs {
  return Object.fromEntries(
    sheet.questions.map((question) => {
      const stored = sheet.values[String(question.id)];
      if (question.kind === 'multi_choice')
        return [answerKey(question.id), Array.isArray(stored) ? stored : []];
      if (question.kind === 'text') return [answerKey(question.id), typeof stored === 'string' ? stored : ''];
      return [answerKey(question.id), typeof stored === 'string' ? stored : null];
    }),
  );
}

/** The form's errors from messages keyed as the API keys them (`answers.<id>`); other keys ignored. */
function answerFieldErrors(messages: Record<string, string>): FieldErrors<AnswerValues>['answers'] {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [field, message] of Object.entries(messages)) {
    const id = /^answers\.(\d+)$/.exec(field)?.[1];
    if (id) errors[answerKey(Number(id))] = { type: 'answer', message };
  }
  return errors as FieldErrors<AnswerValues>['answers'];
}

/** Checks the answers with the server's rule before anything is sent. */
const answersResolver =
  (questions: readonly PublicQuestion[]): Resolver<AnswerValues> =>
  (values): ResolverResult<AnswerValues> => {
    const answers = toApiAnswers(
      values.answers,
      questions.map((question) => question.id),
    );
    const { errors } = answerErrors(questions, answers);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: { answers: answerFieldErrors(errors) } as FieldErrors<AnswerValues> };
  };

export interface AnswersFormProps {
  sheet: AttendeeAnswers;
  /** The form's id, for a submit button outside it (a dialog's footer). */
  id: string;
  /** Sends the answers, keyed by question id; rejects with the server's ApiError to show. */
  onSave: (answers: Answers) => Promise<unknown>;
  /** The form's own buttons, when it has them. */
  children?: ReactNode;
  /** Its words in the page's language; English by default (the console). */
  wording?: AnswerWording | undefined;
}

export function AnswersForm({ sheet, id, onSave, children, wording = ENGLISH }: AnswersFormProps) {
  const form = useForm<AnswerValues>({
    defaultValues: { answers: inputsOf(sheet) },
    resolver: answersResolver(sheet.questions),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(
        toApiAnswers(
          values.answers,
          sheet.questions.map((question) => question.id),
        ),
      );
    } catch (error) {
      const fields = Object.entries(error instanceof ApiError ? error.fieldErrors : {}).filter(([field]) =>
        field.startsWith('answers.'),
      );
      fields.forEach(([field, message], index) =>
        form.setError(
          `answers.${answerKey(Number(field.slice('answers.'.length)))}` as Path<AnswerValues>,
          { type: 'server', message },
          { shouldFocus: index === 0 },
        ),
      );
      if (fields.length === 0) {
        setFailure(
          error instanceof ApiError || error instanceof NetworkError ? error.message : wording.notSaved,
        );
      }
    }
  });
  const errors = form.formState.errors.answers as Record<string, { message?: string }> | undefined;
  return (
    <form id={id} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormAlert>{failure}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <QuestionInputs
          questions={sheet.questions}
          field={(questionId) => form.register(`answers.${answerKey(questionId)}` as Path<AnswerValues>)}
          error={(questionId) => errors?.[answerKey(questionId)]?.message}
          wording={wording}
        />
      </div>
      {children}
    </form>
  );
}

/**
 * Answers as read (options joined by "; ", Yes/No): those to the questions asked now, in their
 * order, then those to questions no longer asked. A question left unanswered says so.
 */
export function AnswerList({
  sheet,
  wording = ENGLISH,
}: {
  sheet: AttendeeAnswers;
  wording?: AnswerWording | undefined;
}) {
  const rows = [
    ...sheet.questions.map((question) => {
      const value = sheet.values[String(question.id)];
      return {
        key: question.id,
        label: question.label,
        answer:
          value === undefined
            ? null
            : question.kind === 'yes_no'
              ? value === 'yes'
                ? wording.yes
                : wording.no
              : formatAnswer(question.kind, value),
      };
    }),
    ...sheet.others.map((other) => ({
      key: other.questionId,
      label: other.label,
      answer: other.answer as string | null,
    })),
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.key} className="min-w-0">
          <dt className="text-sm font-semibold text-slate-700">{row.label}</dt>
          <dd className="mt-0.5 text-slate-900 wrap-anywhere">
            {row.answer ?? <span className="text-slate-600">{wording.notAnswered}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
