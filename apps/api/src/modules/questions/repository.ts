/** Registration questions and their answers: Drizzle only; every method takes `tx ?? db`. */
import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { AnswerValue } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { registrationAnswers, registrationQuestions } from '../../db/schema.js';

export type QuestionRow = typeof registrationQuestions.$inferSelect;
export type NewQuestionRow = typeof registrationQuestions.$inferInsert;

/** Display order: position, then the older question first. */
const ORDER = [asc(registrationQuestions.position), asc(registrationQuestions.id)] as const;

/** Every question of an edition, archived ones too, in order, with how many attendees answered each. */
export async function listEditionQuestions(
  db: Executor,
  eventId: number,
): Promise<(QuestionRow & { answers: number })[]> {
  const answers = db
    .select({ questionId: registrationAnswers.questionId, n: count().as('n') })
    .from(registrationAnswers)
    .groupBy(registrationAnswers.questionId)
    .as('answer_counts');
  const rows = await db
    .select({ question: registrationQuestions, answers: sql<number>`coalesce(${answers.n}, 0)::int` })
    .from(registrationQuestions)
    .leftJoin(answers, eq(answers.questionId, registrationQuestions.id))
    .where(eq(registrationQuestions.eventId, eventId))
    .orderBy(...ORDER);
  return rows.map((row) => ({ ...row.question, answers: Number(row.answers) }));
}

/** The active questions of an edition, in order. */
export async function listActiveQuestions(db: Executor, eventId: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(registrationQuestions)
    .where(and(eq(registrationQuestions.eventId, eventId), isNull(registrationQuestions.archivedAt)))
    .orderBy(...ORDER);
}

/** Reads a question (of any edition) and locks its row until the transaction ends. */
export async function lockQuestion(tx: Executor, id: number): Promise<QuestionRow | undefined> {
  const [row] = await tx
    .select()
    .from(registrationQuestions)
    .where(eq(registrationQuestions.id, id))
    .for('update');
  return row;
}

/** The position after the edition's last question (0 for its first). */
export async function nextPosition(db: Executor, eventId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(registrationQuestions.position) })
    .from(registrationQuestions)
    .where(eq(registrationQuestions.eventId, eventId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function insertQuestion(tx: Executor, values: NewQuestionRow): Promise<QuestionRow> {
  const [row] = await tx.insert(registrationQuestions).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateQuestion(
  tx: Executor,
  id: number,
  changes: Partial<NewQuestionRow>,
): Promise<QuestionRow> {
  const [row] = await tx
    .update(registrationQuestions)
    .set(changes)
    .where(eq(registrationQuestions.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function deleteQuestion(tx: Executor, id: number): Promise<void> {
  await tx.delete(registrationQuestions).where(eq(registrationQuestions.id, id));
}

/** How many attendees answered a question. */
export async function countAnswers(db: Executor, questionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(registrationAnswers)
    .where(eq(registrationAnswers.questionId, questionId));
  return row?.n ?? 0;
}

/** Sets each question's position to its index in `ids`, in one statement. */
export async function setPositions(tx: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, index) => sql`when ${id}::int then ${index}::int`),
    sql` `,
  );
  await tx
    .update(registrationQuestions)
    .set({ position: sql`case ${registrationQuestions.id} ${cases} end` })
    .where(inArray(registrationQuestions.id, [...ids]));
}

/** Stores an attendee's answers (in the registration's transaction). */
export async function insertAnswers(
  tx: Executor,
  registrationId: string,
  answers: readonly { questionId: number; value: AnswerValue }[],
): Promise<void> {
  if (answers.length === 0) return;
  await tx
    .insert(registrationAnswers)
    .values(
      answers.map((answer) => ({ registrationId, questionId: answer.questionId, value: answer.value })),
    );
}

/** Stores an attendee's answer to a question, replacing the one stored. */
export async function upsertAnswer(
  tx: Executor,
  registrationId: string,
  questionId: number,
  value: AnswerValue,
): Promise<void> {
  await tx
    .insert(registrationAnswers)
    .values({ registrationId, questionId, value })
    .onConflictDoUpdate({
      target: [registrationAnswers.registrationId, registrationAnswers.questionId],
      set: { value },
    });
}

/** Deletes an attendee's answers to the questions `questionIds` names. */
export async function deleteAnswers(
  tx: Executor,
  registrationId: string,
  questionIds: readonly number[],
): Promise<void> {
  if (questionIds.length === 0) return;
  await tx
    .delete(registrationAnswers)
    .where(
      and(
        eq(registrationAnswers.registrationId, registrationId),
        inArray(registrationAnswers.questionId, [...questionIds]),
      ),
    );
}

/** The answers of the registrations `ids` names, with their questions' kind, label and order. */
export async function listAnswersOf(db: Executor, registrationIds: readonly string[]) {
  if (registrationIds.length === 0) return [];
  return db
    .select({
      registrationId: registrationAnswers.registrationId,
      questionId: registrationAnswers.questionId,
      value: registrationAnswers.value,
      kind: registrationQuestions.kind,
      label: registrationQuestions.label,
    })
    .from(registrationAnswers)
    .innerJoin(registrationQuestions, eq(registrationQuestions.id, registrationAnswers.questionId))
    .where(inArray(registrationAnswers.registrationId, [...registrationIds]))
    .orderBy(...ORDER);
}

/** Deletes the answers of the registrations `ids` names (erasure of their personal data). */
export async function deleteAnswersOf(tx: Executor, registrationIds: readonly string[]): Promise<void> {
  if (registrationIds.length === 0) return;
  await tx
    .delete(registrationAnswers)
    .where(inArray(registrationAnswers.registrationId, [...registrationIds]));
}
