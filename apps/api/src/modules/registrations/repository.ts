/**
 * Registration rows: the attendee, the form's details and the uploaded files' records.
 * Every function takes `db: Executor`, the database or an open transaction.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  investorDetails,
  participantCategories,
  registrations,
  startupDetails,
  ticketTypes,
  uploadedFiles,
} from '../../db/schema.js';

export type Registration = typeof registrations.$inferSelect;
export type NewRegistration = typeof registrations.$inferInsert;
export type NewStartupDetails = typeof startupDetails.$inferInsert;
export type NewInvestorDetails = typeof investorDetails.$inferInsert;
export type NewUploadedFile = typeof uploadedFiles.$inferInsert;

/** Index that allows one registration per email (case-insensitive), event and participant category. */
export const DUPLICATE_EMAIL_INDEX = 'registrations_event_category_email_uq';

export async function insertRegistration(db: Executor, values: NewRegistration): Promise<Registration> {
  const [row] = await db.insert(registrations).values(values).returning();
  if (!row) throw new Error('insert into registrations returned no row');
  return row;
}

export async function insertStartupDetails(db: Executor, values: NewStartupDetails): Promise<void> {
  await db.insert(startupDetails).values(values);
}

export async function insertInvestorDetails(db: Executor, values: NewInvestorDetails): Promise<void> {
  await db.insert(investorDetails).values(values);
}

export async function insertUploadedFiles(db: Executor, rows: NewUploadedFile[]): Promise<void> {
  if (rows.length > 0) await db.insert(uploadedFiles).values(rows);
}

/** Whether the ticket type is on the event's list for the participant category. */
export async function ticketTypeMatches(
  db: Executor,
  ticketTypeId: number,
  eventId: number,
  participantCategoryId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.id, ticketTypeId),
        eq(ticketTypes.eventId, eventId),
        eq(ticketTypes.participantCategoryId, participantCategoryId),
      ),
    );
  return row !== undefined;
}

export async function findRegistration(db: Executor, id: string): Promise<Registration | undefined> {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

/** Records when the confirmation email was handed to the mail server. */
export async function markConfirmationSent(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(registrations).set({ confirmationSentAt: at }).where(eq(registrations.id, id));
}

/** Registrations of an event per participant category, every category listed (0 if none), by id. */
export async function countRegistrationsByCategory(db: Executor, eventId: number) {
  return db
    .select({
      participantCategoryId: participantCategories.id,
      name: participantCategories.name,
      registrations: count(registrations.id),
    })
    .from(participantCategories)
    .leftJoin(
      registrations,
      and(
        eq(registrations.participantCategoryId, participantCategories.id),
        eq(registrations.eventId, eventId),
      ),
    )
    .groupBy(participantCategories.id)
    .orderBy(asc(participantCategories.id));
}
