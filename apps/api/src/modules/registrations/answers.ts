/**
 * An attendee's answers to the registration questions after they registered (issue 28 §3):
 * read to change them, and changed by an organizer from the console or by the attendee (or the
 * buyer of their order) from the manage page, under the forms' rules, in one transaction under
 * the registration's lock, audited.
 */
import type { Answers, AttendeeAnswers } from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { answerSheet, replaceAnswers, type AnswerChange } from '../questions/answers.js';
import { INVALID_FIELDS } from './fields.js';
import * as repository from './repository.js';

const NOT_FOUND = 'Registration not found';

/** The questions a registration is asked: its edition's, for its category and chosen ticket type. */
const scopeOf = (row: repository.Registration) => ({
  eventId: row.eventId,
  participantCategoryId: row.participantCategoryId,
  ticketTypeId: row.ticketTypeId,
});

/**
 * The questions asked of the attendee now, with their stored answers, and their answers to
 * questions no longer asked (read-only).
 * @throws NotFoundError unknown id (404)
 */
export async function answersOfAttendee(db: Executor, id: string): Promise<AttendeeAnswers> {
  const row = await repository.findRegistration(db, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  return answerSheet(db, scopeOf(row), id);
}

/**
 * The audit row's view of changed answers: which questions, answered or not, never the answers.
 * Answers can tell a diet that speaks of religion or health, and the audit log outlives the
 * registration's erasure (only its personal keys are redacted); the current answer is on the
 * registration.
 */
const answeredState = (changed: readonly AnswerChange[], when: 'answeredBefore' | 'answeredAfter') => ({
  answers: changed.map((change) => ({
    questionId: change.questionId,
    label: change.label,
    answered: change[when],
  })),
});

/**
 * Replaces the attendee's answers to the questions asked of them (a blank optional one clears
 * it; required ones stay required; answers to questions no longer asked stay), audited as
 * `registration.update_answers` when anything changed. Answers the new state.
 * @throws NotFoundError unknown id (404)
 * @throws ValidationError an answer the question does not take, per field `answers.<id>` (400)
 */
export async function updateAnswers(
  db: Database,
  actor: Actor,
  id: string,
  answers: Readonly<Answers>,
  now: Date,
): Promise<AttendeeAnswers> {
  return db.transaction(async (tx) => {
    const row = await repository.lockRegistration(tx, id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    const { errors, changed } = await replaceAnswers(tx, scopeOf(row), id, answers);
    if (Object.keys(errors).length > 0) throw new ValidationError(INVALID_FIELDS, errors);
    if (changed.length > 0) {
      await recordAudit(tx, actor, {
        at: now,
        action: 'registration.update_answers',
        entityType: 'registration',
        entityId: id,
        before: answeredState(changed, 'answeredBefore'),
        after: answeredState(changed, 'answeredAfter'),
      });
    }
    return answerSheet(tx, scopeOf(row), id);
  });
}
