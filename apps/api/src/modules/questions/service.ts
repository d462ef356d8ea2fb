/**
 * Registration questions (issue 28 §3): the organizer's list, additions, edits, order and
 * archive for any edition (the current one unless they chose another), each audited in its own
 * transaction; copying an edition's questions into the next one; the questions a registration
 * form asks; checking and storing an attendee's answers in the registration's transaction, and
 * replacing them later (answers.ts); and the answers as the console, its export and erasure
 * need them. Other modules call this service, never the repository.
 */
import {
  answerErrors,
  formatAnswer,
  type AdminQuestion,
  type AdminQuestionList,
  type AnswerValue,
  type Answers,
  type PublicQuestion,
  type QuestionFields,
  type RegistrationAnswer,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { readMostly } from '../../db/read-mostly.js';
import { NotFoundError, QuestionInUseError, ValidationError } from '../../errors.js';
import { recordAudit, type Actor, type AuditSnapshot } from '../audit/service.js';
import { editionsCurrentFirst, getCurrentEvent } from '../current-edition/service.js';
import { editionTicketTypes, getTicketType } from '../tickets/service.js';
import * as repository from './repository.js';

const ENTITY_TYPE = 'registration_question';
const NOT_FOUND = 'Unknown question';
const INVALID_FIELDS = 'Please correct the highlighted fields.';

/** The question as the audit log stores it. */
function snapshot(row: repository.QuestionRow): AuditSnapshot {
  return {
    id: row.id,
    eventId: row.eventId,
    participantCategoryId: row.participantCategoryId,
    ticketTypeId: row.ticketTypeId,
    kind: row.kind,
    label: row.label,
    helpText: row.helpText,
    options: row.options,
    required: row.required,
    position: row.position,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

function toPublic(row: repository.QuestionRow): PublicQuestion {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    helpText: row.helpText,
    options: row.options,
    required: row.required,
  };
}

function toAdmin(row: repository.QuestionRow, answers: number): AdminQuestion {
  return {
    ...toPublic(row),
    editionId: row.eventId,
    participantCategoryId: row.participantCategoryId,
    ticketTypeId: row.ticketTypeId,
    position: row.position,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    answers,
  };
}

/**
 * The id of the edition `editionId` names, or of the current one without it.
 * @throws NotFoundError no such edition (404)
 */
async function editionIdOf(db: Executor, editionId: number | undefined): Promise<number> {
  if (editionId === undefined) return (await getCurrentEvent(db)).id;
  const editions = await editionsCurrentFirst(db);
  if (!editions.some((edition) => edition.id === editionId)) throw new NotFoundError('Unknown edition');
  return editionId;
}

/**
 * Every question of an edition (the current one without `editionId`), archived ones too, in
 * order, with how many attendees answered each; the editions to switch between, the current
 * one first; and the edition's ticket types a question may be asked of.
 * @throws NotFoundError no such edition (404)
 */
export async function listQuestions(db: Executor, editionId?: number): Promise<AdminQuestionList> {
  const eventId = await editionIdOf(db, editionId);
  const [editions, ticketTypes, rows] = await Promise.all([
    editionsCurrentFirst(db),
    editionTicketTypes(db, eventId),
    repository.listEditionQuestions(db, eventId),
  ]);
  return {
    editionId: eventId,
    editions: editions.map(({ id, name }) => ({ id, name })),
    ticketTypes: ticketTypes.map((type) => ({
      id: type.id,
      name: type.name,
      participantCategoryId: type.participantCategoryId,
      archived: type.archivedAt !== null,
    })),
    items: rows.map((row) => toAdmin(row, row.answers)),
  };
}

/** A ticket type named by a question must be one of the edition's. @throws ValidationError (400) */
async function assertTicketTypeOf(db: Executor, eventId: number, ticketTypeId: number | null) {
  if (ticketTypeId === null || (await getTicketType(db, eventId, ticketTypeId))) return;
  throw new ValidationError(INVALID_FIELDS, { ticketTypeId: 'Choose a ticket type of this edition' });
}

/**
 * Adds a question to an edition (the current one without `editionId`), after its others.
 * @throws NotFoundError no such edition (404)
 * @throws ValidationError a ticket type of another edition (400)
 */
export async function createQuestion(
  db: Database,
  actor: Actor,
  input: QuestionFields,
  now: Date,
  editionId?: number,
): Promise<AdminQuestion> {
  return db.transaction(async (tx) => {
    const eventId = await editionIdOf(tx, editionId);
    await assertTicketTypeOf(tx, eventId, input.ticketTypeId);
    const row = await repository.insertQuestion(tx, {
      ...input,
      eventId,
      position: await repository.nextPosition(tx, eventId),
      createdAt: now,
    });
    await recordAudit(tx, actor, {
      at: now,
      action: 'registration_question.create',
      entityType: ENTITY_TYPE,
      entityId: row.id,
      before: null,
      after: snapshot(row),
    });
    return toAdmin(row, 0);
  });
}

/** Locks a question of any edition (its id names it alone), or throws NotFoundError. */
async function lockOwnQuestion(tx: Executor, id: number) {
  const row = await repository.lockQuestion(tx, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

/**
 * Replaces a question's fields. Answers keep what they said; a question with answers keeps its
 * kind, since its answers would no longer fit one.
 * @throws NotFoundError no such question (404)
 * @throws ValidationError a ticket type of another edition (400)
 * @throws QuestionInUseError a new kind for a question with answers (409)
 */
export async function updateQuestion(
  db: Database,
  actor: Actor,
  id: number,
  input: QuestionFields,
  now: Date,
): Promise<AdminQuestion> {
  return db.transaction(async (tx) => {
    const before = await lockOwnQuestion(tx, id);
    await assertTicketTypeOf(tx, before.eventId, input.ticketTypeId);
    const answers = await repository.countAnswers(tx, id);
    if (input.kind !== before.kind && answers > 0) {
      const message = `${answers} ${answers === 1 ? 'attendee has' : 'attendees have'} answered this question, so its kind cannot change. Archive it and add a new question instead.`;
      throw new QuestionInUseError(message, { kind: message });
    }
    const after = await repository.updateQuestion(tx, id, input);
    await recordAudit(tx, actor, {
      at: now,
      action: 'registration_question.update',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return toAdmin(after, answers);
  });
}

/**
 * Archives a question (no longer asked; its answers stay, under its label) or restores it.
 * Archiving an archived question (or restoring an active one) changes nothing and writes no audit row.
 * @throws NotFoundError no such question (404)
 */
export async function setQuestionArchived(
  db: Database,
  actor: Actor,
  id: number,
  archived: boolean,
  now: Date,
): Promise<AdminQuestion> {
  return db.transaction(async (tx) => {
    const before = await lockOwnQuestion(tx, id);
    const answers = await repository.countAnswers(tx, id);
    if ((before.archivedAt !== null) === archived) return toAdmin(before, answers);
    const after = await repository.updateQuestion(tx, id, { archivedAt: archived ? now : null });
    await recordAudit(tx, actor, {
      at: now,
      action: archived ? 'registration_question.archive' : 'registration_question.restore',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return toAdmin(after, answers);
  });
}

/**
 * Deletes a question nobody answered.
 * @throws NotFoundError no such question (404)
 * @throws QuestionInUseError it has answers: archive it instead (409)
 */
export async function deleteQuestion(db: Database, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOwnQuestion(tx, id);
    const answers = await repository.countAnswers(tx, id);
    if (answers > 0) {
      throw new QuestionInUseError(
        `${answers} ${answers === 1 ? 'attendee has' : 'attendees have'} answered this question, so it cannot be deleted. Archive it instead.`,
      );
    }
    await repository.deleteQuestion(tx, id);
    await recordAudit(tx, actor, {
      at: now,
      action: 'registration_question.delete',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: snapshot(before),
      after: null,
    });
  });
}

/**
 * Puts an edition's (the current one without `editionId`) active questions in the order of
 * `ids`, which must name each of them once; archived ones keep their places after them.
 * Audited as one change of the order.
 * @throws NotFoundError no such edition (404)
 * @throws ValidationError `ids` is not exactly the active questions (400)
 */
export async function reorderQuestions(
  db: Database,
  actor: Actor,
  ids: readonly number[],
  now: Date,
  editionId?: number,
): Promise<AdminQuestionList> {
  return db.transaction(async (tx) => {
    const eventId = await editionIdOf(tx, editionId);
    const rows = await repository.listEditionQuestions(tx, eventId);
    const active = rows.filter((row) => row.archivedAt === null);
    const activeIds = new Set(active.map((row) => row.id));
    if (ids.length !== activeIds.size || !ids.every((id) => activeIds.has(id))) {
      const message = 'List every active question of this edition once, in the new order';
      throw new ValidationError(message, { ids: message });
    }
    const archived = rows.filter((row) => row.archivedAt !== null).map((row) => row.id);
    await repository.setPositions(tx, [...ids, ...archived]);
    await recordAudit(tx, actor, {
      at: now,
      action: 'registration_question.reorder',
      entityType: ENTITY_TYPE,
      entityId: `edition-${eventId}`,
      before: { order: active.map((row) => row.id) },
      after: { order: [...ids] },
    });
    return listQuestions(tx, eventId);
  });
}

/**
 * Copies an edition's active questions into another, in their order: a new edition's starting
 * point, in its creation's transaction. Those asked of everyone or of a category are copied as
 * they are; those asked of a ticket type only when that type was copied (`ticketTypeIds`: old
 * id → new id), and are then asked of its copy. Answers stay with the old edition. Returns how
 * many were copied.
 */
export async function copyQuestions(
  tx: Executor,
  fromEventId: number,
  toEventId: number,
  ticketTypeIds: ReadonlyMap<number, number>,
  now: Date,
): Promise<number> {
  let position = 0;
  for (const row of await repository.listActiveQuestions(tx, fromEventId)) {
    const ticketTypeId = row.ticketTypeId === null ? null : ticketTypeIds.get(row.ticketTypeId);
    if (ticketTypeId === undefined) continue;
    await repository.insertQuestion(tx, {
      eventId: toEventId,
      participantCategoryId: row.participantCategoryId,
      ticketTypeId,
      kind: row.kind,
      label: row.label,
      helpText: row.helpText,
      options: row.options,
      required: row.required,
      position,
      createdAt: now,
    });
    position += 1;
  }
  return position;
}

/** Who a registration is: its edition, category and chosen ticket type, which decide the questions asked. */
export interface AskedScope {
  eventId: number;
  participantCategoryId: number;
  ticketTypeId: number | null;
}

/**
 * The active questions a registration form asks for `scope`, in order: those for everyone, for
 * its category, and for its ticket type. The edition's active questions are kept in process
 * between organizers' changes when `db` is the app's handle (db/read-mostly.ts; every change
 * under /api/admin drops them), so a registration refused for its other fields costs no query.
 */
export async function askedQuestions(db: Executor, scope: AskedScope): Promise<PublicQuestion[]> {
  const active = await readMostly(db, `registration-questions:${scope.eventId}`, () =>
    repository.listActiveQuestions(db, scope.eventId),
  );
  return active
    .filter((row) =>
      row.ticketTypeId !== null
        ? row.ticketTypeId === scope.ticketTypeId
        : row.participantCategoryId === null || row.participantCategoryId === scope.participantCategoryId,
    )
    .map(toPublic);
}

/**
 * The current edition's active questions for a category's form and, when chosen, its ticket type.
 */
export async function currentQuestionsFor(
  db: Executor,
  participantCategoryId: number,
  ticketTypeId: number | undefined,
): Promise<PublicQuestion[]> {
  const event = await getCurrentEvent(db);
  return askedQuestions(db, { eventId: event.id, participantCategoryId, ticketTypeId: ticketTypeId ?? null });
}

/** Answers checked and ready to store with their registration (`storeAnswers`). */
export type CheckedAnswers = { questionId: number; value: AnswerValue }[];

/**
 * Checks a registration's answers against the questions asked for `scope` (answerErrors in
 * @festival/shared: required ones answered, options among the question's, lengths). Returns the
 * per-field messages, keyed `answers.<question id>`, for the caller to answer with its own, and
 * the answers to store.
 */
export async function checkAnswers(
  db: Executor,
  scope: AskedScope,
  answers: Answers | undefined,
): Promise<{ errors: Record<string, string>; kept: CheckedAnswers }> {
  return answerErrors(await askedQuestions(db, scope), answers);
}

/** Stores an attendee's checked answers; call in the transaction that inserts the registration. */
export async function storeAnswers(tx: Executor, registrationId: string, answers: CheckedAnswers) {
  await repository.insertAnswers(tx, registrationId, answers);
}

/** An attendee's answers in the questions' order, as read: options joined by "; ", Yes/No. */
export async function answersOfRegistration(
  db: Executor,
  registrationId: string,
): Promise<RegistrationAnswer[]> {
  const rows = await repository.listAnswersOf(db, [registrationId]);
  return rows.map((row) => ({
    questionId: row.questionId,
    label: row.label,
    kind: row.kind,
    answer: formatAnswer(row.kind, row.value),
  }));
}

/**
 * The export's question columns: every question of the edition that is asked or was answered,
 * in order (header = label).
 */
export async function exportQuestionColumns(db: Executor, eventId: number) {
  const rows = await repository.listEditionQuestions(db, eventId);
  return rows
    .filter((row) => row.archivedAt === null || row.answers > 0)
    .map((row) => ({ id: row.id, label: row.label }));
}

/** The answers of the registrations `ids` names, as read, by registration id and question id. */
export async function answersByRegistration(
  db: Executor,
  registrationIds: readonly string[],
): Promise<Map<string, Map<number, string>>> {
  const byRegistration = new Map<string, Map<number, string>>();
  for (const row of await repository.listAnswersOf(db, registrationIds)) {
    const answers = byRegistration.get(row.registrationId) ?? new Map<number, string>();
    answers.set(row.questionId, formatAnswer(row.kind, row.value));
    byRegistration.set(row.registrationId, answers);
  }
  return byRegistration;
}

/** Deletes the answers of erased registrations (a handled deletion request), in the erasure's transaction. */
export async function eraseAnswers(tx: Executor, registrationIds: readonly string[]): Promise<void> {
  await repository.deleteAnswersOf(tx, registrationIds);
}
