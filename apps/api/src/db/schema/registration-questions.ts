/**
 * Registration questions an organizer adds to an edition's forms (issue 28 §3), and each
 * attendee's answers. An attendee is a registration (one person), so answers hang from it.
 */
import { sql } from 'drizzle-orm';
import { QUESTION_KINDS, type AnswerValue, type QuestionKind } from '@festival/shared';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.js';
import { events } from './editions.js';
import { participantCategories } from './reference-data.js';
import { registrations } from './registrations.js';
import { ticketTypes } from './tickets.js';

/**
 * One question of an edition's registration forms. It applies to every attendee, to one
 * participant category, or to one ticket type of the same edition (the composite key makes the
 * database refuse another edition's ticket type). A question with answers is archived, never
 * deleted, so its answers keep their label.
 */
export const registrationQuestions = pgTable(
  'registration_questions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    participantCategoryId: integer('participant_category_id').references(() => participantCategories.id),
    ticketTypeId: integer('ticket_type_id'),
    /** QUESTION_KINDS: text | choice | multi_choice | yes_no */
    kind: text('kind').$type<QuestionKind>().notNull(),
    label: text('label').notNull(),
    helpText: text('help_text').notNull().default(''),
    /** The options of a choice question, in the order shown; empty for the other kinds. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    /** Order on the form and in exports, ascending. */
    position: integer('position').notNull().default(0),
    /** Set instead of deleting a question that has answers; archived questions are not asked. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('registration_questions_event_idx').on(t.eventId, t.position),
    foreignKey({
      name: 'registration_questions_ticket_type_fk',
      columns: [t.ticketTypeId, t.eventId],
      foreignColumns: [ticketTypes.id, ticketTypes.eventId],
      // Only a ticket type nobody registered for can be deleted, so its questions have no answers.
    }).onDelete('cascade'),
    check('registration_questions_kind_ck', oneOf(t.kind, QUESTION_KINDS)),
    check(
      'registration_questions_scope_ck',
      sql`${t.participantCategoryId} is null or ${t.ticketTypeId} is null`,
    ),
  ],
);

/**
 * An attendee's answer to one question: text or an option (string), 'yes' | 'no', or the
 * chosen options (string array). One per (attendee, question).
 */
export const registrationAnswers = pgTable(
  'registration_answers',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => registrationQuestions.id),
    value: jsonb('value').$type<AnswerValue>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.registrationId, t.questionId] }),
    // The console's answer counts and "has answers" checks go by question.
    index('registration_answers_question_idx').on(t.questionId),
  ],
);
