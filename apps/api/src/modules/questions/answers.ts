/**
 * An attendee's answers after registration (issue 28 §3): what the manage page and the console
 * show to change (`answerSheet`), and replacing them (`replaceAnswers`) under the forms' own
 * rules (`answerErrors` in @festival/shared), so a required question stays required. The
 * registrations module owns the use case (the registration's lock and the audit row); these
 * read and write the answers inside it.
 */
import {
  answerErrors,
  formatAnswer,
  type Answers,
  type AnswerValue,
  type AttendeeAnswers,
} from '@festival/shared';
import type { Executor } from '../../db/client.js';
import * as repository from './repository.js';
import { askedQuestions, type AskedScope } from './service.js';

/**
 * The questions asked of `scope` now, in order, with the attendee's stored answers to them
 * (as stored: the options chosen, 'yes' | 'no'), and their answers to questions no longer asked
 * of them, as read.
 */
export async function answerSheet(
  db: Executor,
  scope: AskedScope,
  registrationId: string,
): Promise<AttendeeAnswers> {
  const questions = await askedQuestions(db, scope);
  const stored = await repository.listAnswersOf(db, [registrationId]);
  const asked = new Set(questions.map((question) => question.id));
  return {
    questions,
    values: Object.fromEntries(
      stored.filter((row) => asked.has(row.questionId)).map((row) => [String(row.questionId), row.value]),
    ),
    others: stored
      .filter((row) => !asked.has(row.questionId))
      .map((row) => ({
        questionId: row.questionId,
        label: row.label,
        kind: row.kind,
        answer: formatAnswer(row.kind, row.value),
      })),
  };
}

/** One question whose answer a change touched; whether it was answered before and after, never the answer. */
export interface AnswerChange {
  questionId: number;
  label: string;
  answeredBefore: boolean;
  answeredAfter: boolean;
}

/**
 * Replaces an attendee's answers to the questions asked of `scope` with `answers`, checked as
 * at registration. A blank optional answer clears the stored one; answers to questions not
 * asked any more stay as they are. Call in the transaction that holds the registration's lock.
 * Returns the per-field messages (`answers.<question id>`; nothing is written when there are
 * any) and the questions whose answer changed.
 */
export async function replaceAnswers(
  tx: Executor,
  scope: AskedScope,
  registrationId: string,
  answers: Readonly<Answers>,
): Promise<{ errors: Record<string, string>; changed: AnswerChange[] }> {
  const questions = await askedQuestions(tx, scope);
  const { errors, kept } = answerErrors(questions, answers);
  if (Object.keys(errors).length > 0) return { errors, changed: [] };
  const stored = new Map<number, AnswerValue>(
    (await repository.listAnswersOf(tx, [registrationId])).map((row) => [row.questionId, row.value]),
  );
  const next = new Map(kept.map((answer) => [answer.questionId, answer.value]));
  const changed: AnswerChange[] = [];
  const cleared: number[] = [];
  for (const question of questions) {
    const before = stored.get(question.id);
    const after = next.get(question.id);
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    if (after === undefined) cleared.push(question.id);
    else await repository.upsertAnswer(tx, registrationId, question.id, after);
    changed.push({
      questionId: question.id,
      label: question.label,
      answeredBefore: before !== undefined,
      answeredAfter: after !== undefined,
    });
  }
  await repository.deleteAnswers(tx, registrationId, cleared);
  return { errors: {}, changed };
}
