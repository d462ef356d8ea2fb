/**
 * What console orders read and write beside the orders module: the registration an attendee
 * already has (or a new one), and ticket types and places by the names an import file uses.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countries, states } from '../../db/schema/reference-data.js';
import { registrations } from '../../db/schema/registrations.js';
import { ticketTypes } from '../../db/schema/tickets.js';

export type NewConsoleRegistration = Omit<typeof registrations.$inferInsert, 'id'>;

/**
 * The id of the registration of edition `eventId` in category `participantCategoryId` with
 * this email (any case), locked until the transaction ends; undefined when there is none.
 */
export async function lockRegistrationByEmail(
  tx: Executor,
  eventId: number,
  participantCategoryId: number,
  email: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, eventId),
        eq(registrations.participantCategoryId, participantCategoryId),
        sql`lower(${registrations.email}) = lower(${email})`,
      ),
    )
    .for('update');
  return row?.id;
}

/**
 * Inserts a registration unless one with its edition, category and email exists (a parallel
 * request made it first); then that one's id, locked.
 */
export async function insertOrFindRegistration(
  tx: Executor,
  values: NewConsoleRegistration,
): Promise<string> {
  const [inserted] = await tx
    .insert(registrations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: registrations.id });
  if (inserted) return inserted.id;
  const existing = await lockRegistrationByEmail(
    tx,
    values.eventId,
    values.participantCategoryId,
    values.email,
  );
  if (!existing) throw new Error('registration neither inserted nor found');
  return existing;
}

/** The edition's unarchived ticket types with their category, for names in an import file. */
export async function listTicketNames(db: Executor, eventId: number) {
  return db
    .select({
      id: ticketTypes.id,
      name: ticketTypes.name,
      participantCategoryId: ticketTypes.participantCategoryId,
    })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), isNull(ticketTypes.archivedAt)));
}

/** Every country and state by id and name, to read the names an export writes. */
export async function listPlaces(db: Executor) {
  const [countryRows, stateRows] = await Promise.all([
    db.select({ id: countries.id, name: countries.name }).from(countries),
    db.select({ id: states.id, name: states.name, countryId: states.countryId }).from(states),
  ]);
  return { countries: countryRows, states: stateRows };
}
