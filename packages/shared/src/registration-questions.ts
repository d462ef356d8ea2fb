/**
 * Registration questions (issue 28 §3): what an organizer asks attendees beyond the spec's
 * fields (diet, T-shirt size, how they heard of the festival), per participant category or
 * ticket type of an edition, and the answers the registration forms send. The rules an answer
 * must meet live here once (`answerErrors`), for the form and for the server.
 */
import { z } from 'zod';
import type { OrganizerRole } from './admin.js';
import { ParticipantCategory } from './constants.js';
import { databaseId, safeString } from './input.js';

/** text: free text; choice: one option; multi_choice: any of the options; yes_no: 'yes' or 'no'. */
export const QUESTION_KINDS = ['text', 'choice', 'multi_choice', 'yes_no'] as const;
export const QuestionKindSchema = z.enum(QUESTION_KINDS, { error: 'Choose a kind of question' });
export type QuestionKind = z.infer<typeof QuestionKindSchema>;

/** Kinds whose answer is one or more of the question's options. */
export const CHOICE_KINDS: readonly QuestionKind[] = ['choice', 'multi_choice'];

/** Lengths in characters, counts in items. */
export const QUESTION_LIMITS = {
  label: 200,
  helpText: 500,
  option: 100,
  options: 30,
  textAnswer: 1000,
} as const;

/** Who may read the questions (as ticket types: finance reads) and who may change them. */
export const QUESTION_READER_ROLES = [
  'owner',
  'manager',
  'finance',
] as const satisfies readonly OrganizerRole[];
export const QUESTION_EDITOR_ROLES = ['owner', 'manager'] as const satisfies readonly OrganizerRole[];

const CATEGORY_IDS: readonly number[] = Object.values(ParticipantCategory);

/** A yes/no answer as the forms send it and the database keeps it. */
export const YES_NO_ANSWERS = ['yes', 'no'] as const;

/**
 * What an organizer sends to add or change a question. It applies to every attendee of the
 * edition, to one participant category, or to one ticket type (never both).
 */
export const QuestionInputSchema = z
  .object({
    label: safeString({ error: 'Enter the question' })
      .trim()
      .min(1, 'Enter the question')
      .max(QUESTION_LIMITS.label, `Keep the question under ${QUESTION_LIMITS.label} characters`),
    helpText: safeString()
      .trim()
      .max(QUESTION_LIMITS.helpText, `Keep the help text under ${QUESTION_LIMITS.helpText} characters`)
      .default(''),
    kind: QuestionKindSchema,
    options: z
      .array(
        safeString()
          .trim()
          .min(1, 'An option cannot be empty')
          .max(QUESTION_LIMITS.option, `Keep each option under ${QUESTION_LIMITS.option} characters`),
      )
      .max(QUESTION_LIMITS.options, `Offer at most ${QUESTION_LIMITS.options} options`)
      .default([]),
    required: z.boolean().default(false),
    participantCategoryId: z
      .number()
      .int()
      .refine((id) => CATEGORY_IDS.includes(id), 'Choose a participant category')
      .nullable()
      .default(null),
    ticketTypeId: databaseId('Choose a ticket type').nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (CHOICE_KINDS.includes(value.kind)) {
      if (value.options.length < 2) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Give at least two options' });
      }
      const seen = new Set(value.options.map((option) => option.toLowerCase()));
      if (seen.size !== value.options.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Each option must be different' });
      }
    } else if (value.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only choice questions have options' });
    }
    if (value.participantCategoryId !== null && value.ticketTypeId !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['ticketTypeId'],
        message: 'Ask a category or a ticket type, not both',
      });
    }
  });
export type QuestionInput = z.input<typeof QuestionInputSchema>;
export type QuestionFields = z.output<typeof QuestionInputSchema>;

/** A question as the registration forms show it. */
export const PublicQuestionSchema = z.object({
  id: z.number().int(),
  kind: QuestionKindSchema,
  label: z.string(),
  helpText: z.string(),
  options: z.array(z.string()),
  required: z.boolean(),
});
export type PublicQuestion = z.infer<typeof PublicQuestionSchema>;

/** `GET /api/registration-questions`: the current edition's active questions for a form. */
export const PublicQuestionQuerySchema = z.object({
  participantCategoryId: z.coerce
    .number()
    .int()
    .refine((id) => CATEGORY_IDS.includes(id), 'Unknown participant category'),
  ticketId: databaseId('Unknown ticket type').optional(),
});

/** A question in the console: where it applies, its place in the order, whether archived, how many answered. */
export const AdminQuestionSchema = PublicQuestionSchema.extend({
  editionId: z.number().int(),
  participantCategoryId: z.number().int().nullable(),
  ticketTypeId: z.number().int().nullable(),
  position: z.number().int(),
  archivedAt: z.iso.datetime().nullable(),
  answers: z.number().int(),
});
export type AdminQuestion = z.infer<typeof AdminQuestionSchema>;

/** A ticket type of the edition shown, which a question may be asked of (archived ones name old questions' scope). */
export const QuestionTicketTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  participantCategoryId: z.number().int(),
  archived: z.boolean(),
});
export type QuestionTicketType = z.infer<typeof QuestionTicketTypeSchema>;

/**
 * An edition's questions in the console, with the editions to switch between (the current one
 * first) and the edition's ticket types a question may be asked of.
 */
export const AdminQuestionListSchema = z.object({
  editionId: z.number().int(),
  editions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  ticketTypes: z.array(QuestionTicketTypeSchema),
  items: z.array(AdminQuestionSchema),
});
export type AdminQuestionList = z.infer<typeof AdminQuestionListSchema>;

/**
 * `?editionId=` of `GET /api/admin/questions`, `POST /api/admin/questions` and
 * `POST /api/admin/questions/order`: the edition listed, added to or reordered; the current
 * edition without one.
 */
export const AdminQuestionQuerySchema = z.object({ editionId: databaseId('Choose an edition').optional() });

/** `POST /api/admin/questions/order`: every active question of the edition, in the new order. */
export const ReorderQuestionsSchema = z.object({
  ids: z
    .array(databaseId('Unknown question'))
    .min(1, 'List the questions in their new order')
    .max(500, 'List at most 500 questions')
    .refine((ids) => new Set(ids).size === ids.length, 'List each question once'),
});
export type ReorderQuestions = z.infer<typeof ReorderQuestionsSchema>;

/** An answer: text or the chosen option (text, choice), 'yes' | 'no' (yes_no), the chosen options (multi_choice). */
export const AnswerValueSchema = z.union([
  safeString().max(QUESTION_LIMITS.textAnswer * 2, 'Answer is too long'),
  z.array(safeString().max(QUESTION_LIMITS.option * 2)).max(QUESTION_LIMITS.options * 2),
]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

/** The multipart startup form sends its answers as one JSON text field; the other forms as an object. */
const parseJsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * A registration's answers keyed by question id (`{"12": "Vegetarian", "13": ["M", "L"]}`).
 * Which questions must be answered and with what is checked against the questions by
 * `answerErrors` (server: in the registration's transaction).
 */
export const AnswersSchema = z.preprocess(parseJsonText, answerRecord().optional());
export type Answers = Record<string, AnswerValue>;

function answerRecord() {
  return z.record(z.string().regex(/^[1-9]\d{0,9}$/, 'Unknown question'), AnswerValueSchema, {
    error: 'Answers must be an object keyed by question id',
  });
}

/**
 * Body of `PUT /api/self-service/attendees/{id}/answers` and
 * `PUT /api/admin/registrations/{id}/answers`: the answers to every question asked of the
 * attendee, checked as at registration (`answerErrors`: required ones stay required). A blank
 * optional answer clears the stored one; answers to questions no longer asked are kept as they are.
 */
export const UpdateAnswersSchema = z.object({ answers: answerRecord() });
export type UpdateAnswers = z.infer<typeof UpdateAnswersSchema>;

/** The field name of a question's answer in a 400's `errors` (`answers.12`). */
export const answerField = (questionId: number) => `answers.${questionId}`;

const isBlank = (value: AnswerValue | undefined) =>
  value === undefined || (typeof value === 'string' ? value.trim() === '' : value.length === 0);

/** The problem with one answer to `question`, or undefined when it is fine (or blank and optional). */
function answerError(question: PublicQuestion, value: AnswerValue | undefined): string | undefined {
  if (isBlank(value)) return question.required ? 'Please answer this question' : undefined;
  switch (question.kind) {
    case 'text':
      if (typeof value !== 'string') return 'Answer with text';
      return value.trim().length > QUESTION_LIMITS.textAnswer
        ? `Keep your answer under ${QUESTION_LIMITS.textAnswer} characters`
        : undefined;
    case 'choice':
      return typeof value === 'string' && question.options.includes(value)
        ? undefined
        : 'Choose one of the options';
    case 'yes_no':
      return typeof value === 'string' && (YES_NO_ANSWERS as readonly string[]).includes(value)
        ? undefined
        : 'Choose Yes or No';
    case 'multi_choice':
      return Array.isArray(value) &&
        value.every((option) => question.options.includes(option)) &&
        new Set(value).size === value.length
        ? undefined
        : 'Choose only from the options';
  }
}

/**
 * Checks `answers` against the questions a registration is asked. Returns the per-field
 * messages (keyed `answers.<id>`) and the answers to keep: trimmed, blank ones left out.
 * Answers to questions not asked (archived, or of another category) are ignored, so a form
 * loaded before an organizer's change still registers.
 */
export function answerErrors(
  questions: readonly PublicQuestion[],
  answers: Readonly<Answers> | undefined,
): { errors: Record<string, string>; kept: { questionId: number; value: AnswerValue }[] } {
  const errors: Record<string, string> = {};
  const kept: { questionId: number; value: AnswerValue }[] = [];
  for (const question of questions) {
    const value = answers?.[String(question.id)];
    const error = answerError(question, value);
    if (error) errors[answerField(question.id)] = error;
    else if (value !== undefined && !isBlank(value)) {
      kept.push({ questionId: question.id, value: typeof value === 'string' ? value.trim() : value });
    }
  }
  return { errors, kept };
}

/** An answer as a person reads it: options joined by "; ", yes/no as Yes/No. */
export function formatAnswer(kind: QuestionKind, value: AnswerValue): string {
  if (Array.isArray(value)) return value.join('; ');
  if (kind === 'yes_no') return value === 'yes' ? 'Yes' : 'No';
  return value;
}

/** A registration's answer as the console shows it, with the question's label when answered. */
export const RegistrationAnswerSchema = z.object({
  questionId: z.number().int(),
  label: z.string(),
  kind: QuestionKindSchema,
  answer: z.string(),
});
export type RegistrationAnswer = z.infer<typeof RegistrationAnswerSchema>;

/**
 * An attendee's answers to see and change: the questions asked of them now (their edition,
 * category and ticket type; active ones, in order) with the stored answers to them, keyed by
 * question id as the forms send them, and, read-only, their answers to questions no longer asked
 * (archived since, or of a scope they left).
 */
export const AttendeeAnswersSchema = z.object({
  questions: z.array(PublicQuestionSchema),
  values: z.record(z.string(), AnswerValueSchema),
  others: z.array(RegistrationAnswerSchema),
});
export type AttendeeAnswers = z.infer<typeof AttendeeAnswersSchema>;
