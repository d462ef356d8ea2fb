/**
 * Registration rows: the attendee, the form's details and the uploaded files' records.
 * Every function takes `db: Executor`, the database or an open transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { containsText, rowsOf, withinDays } from '../../db/search.js';
import type { CursorPosition } from '../../lib/cursor.js';
import type { AttendeePayment } from '@festival/shared';
import {
  countries,
  industryCategories,
  investorDetails,
  participantCategories,
  registrations,
  startupDetails,
  startupStages,
  states,
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

/** What belongs to a registration, written with it: the form's details and the uploaded files' records. */
export interface RegistrationParts {
  startup?: Omit<NewStartupDetails, 'registrationId'>;
  investor?: Omit<NewInvestorDetails, 'registrationId'>;
  files?: Omit<NewUploadedFile, 'registrationId'>[];
}

/**
 * Inserts a registration and its parts in one statement: one round trip for what every
 * registration writes. Its id is made here, so the parts can refer to it; their foreign keys
 * are checked at the statement's end, when the registration exists.
 */
export async function insertRegistration(
  db: Executor,
  values: Omit<NewRegistration, 'id'>,
  parts: RegistrationParts,
): Promise<Registration> {
  const registrationId = randomUUID();
  const inserted = db.$with('inserted_registration').as(
    db
      .insert(registrations)
      .values({ ...values, id: registrationId })
      .returning(),
  );
  const belonging = [
    parts.startup && db.insert(startupDetails).values({ ...parts.startup, registrationId }),
    parts.investor && db.insert(investorDetails).values({ ...parts.investor, registrationId }),
    parts.files?.length &&
      db.insert(uploadedFiles).values(parts.files.map((file) => ({ ...file, registrationId }))),
  ]
    .filter((insert) => !!insert)
    .map((insert, index) => db.$with(`inserted_part_${index}`).as(insert));
  const [row] = await db
    .with(inserted, ...belonging)
    .select()
    .from(inserted);
  if (!row) throw new Error('insert into registrations returned no row');
  return row;
}

export async function findRegistration(db: Executor, id: string): Promise<Registration | undefined> {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

/** A registration with its startup details (none for an investor), undefined when unknown. */
export async function findRegistrationWithStartup(db: Executor, id: string) {
  const [row] = await db
    .select({ registration: registrations, startup: startupDetails })
    .from(registrations)
    .leftJoin(startupDetails, eq(startupDetails.registrationId, registrations.id))
    .where(eq(registrations.id, id));
  return row;
}

/** Records when the confirmation email was handed to the mail server. */
export async function markConfirmationSent(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(registrations).set({ confirmationSentAt: at }).where(eq(registrations.id, id));
}

export interface RegistrationSearch {
  eventId: number;
  /** Lower-cased search text; matched as a substring. */
  q?: string | undefined;
  category?: number | undefined;
  ticketTypeId?: number | undefined;
  payment?: AttendeePayment | undefined;
  /** Registered on or after this day (`YYYY-MM-DD`) in `timeZone`. */
  fromDay?: string | undefined;
  /** Registered on or before this day (`YYYY-MM-DD`) in `timeZone`. */
  toDay?: string | undefined;
  /** IANA zone the days are counted in (Asia/Kolkata); PostgreSQL's tz database converts. */
  timeZone: string;
  /** Continue after this row of the previous page (newest first). */
  after?: CursorPosition | undefined;
  limit: number;
}

export interface RegistrationListRow {
  id: string;
  name: string;
  email: string;
  country_code: string;
  contact_no: string;
  company_name: string | null;
  participant_category_id: number;
  created_at: Date | string;
  /** `created_at::text`, for the next page's cursor. */
  cursor_at: string;
  reference: string | null;
  order_status: string | null;
  order_source: string | null;
  ticket_name: string | null;
  pass_code: string | null;
}

/**
 * A page of an event's registrations, newest first, each with its valid pass and its paid
 * order (or else its newest order). The text search is case- and accent-insensitive over
 * name, email, phone and company (trigram index `registrations_search_trgm`), or an exact
 * pass code or order reference. Pass `limit + 1` to learn whether another page follows.
 */
export async function searchRegistrations(db: Executor, search: RegistrationSearch) {
  const conditions = [sql`r.event_id = ${search.eventId}`];
  if (search.q) {
    const text = sql`r.name || ' ' || r.email || ' ' || r.contact_no || ' ' || coalesce(r.company_name, '')`;
    conditions.push(sql`(
      ${containsText(text, search.q)}
      or upper(p.code) = upper(${search.q})
      or upper(o.reference) = upper(${search.q}))`);
  }
  if (search.category !== undefined) conditions.push(sql`r.participant_category_id = ${search.category}`);
  if (search.ticketTypeId !== undefined) conditions.push(sql`o.ticket_type_id = ${search.ticketTypeId}`);
  if (search.payment === 'paid') conditions.push(sql`p.code is not null and o.source <> 'comp'`);
  if (search.payment === 'comp') conditions.push(sql`p.code is not null and o.source = 'comp'`);
  if (search.payment === 'refunded') {
    conditions.push(sql`p.code is null and o.status in ('refund_due', 'refunded')`);
  }
  if (search.payment === 'unpaid') {
    conditions.push(sql`p.code is null and (o.status is null or o.status not in ('refund_due', 'refunded'))`);
  }
  conditions.push(...withinDays(sql`r.created_at`, search.timeZone, search.fromDay, search.toDay));
  if (search.after) {
    conditions.push(
      sql`(r.created_at, r.id) < (${search.after.createdAt}::timestamptz, ${search.after.id}::uuid)`,
    );
  }
  const result = await db.execute(sql`
    select r.id, r.name, r.email, r.country_code, r.contact_no, r.company_name,
           r.participant_category_id, r.created_at, r.created_at::text as cursor_at,
           o.reference, o.status as order_status, o.source as order_source, t.name as ticket_name, p.code as pass_code
    from registrations r
    left join passes p on p.registration_id = r.id and p.revoked_at is null
    left join lateral (
      select o.reference, o.status, o.source, l.ticket_type_id
      from order_attendees oa join orders o on o.id = oa.order_id
      join order_lines l on l.order_id = o.id
        and l.position = case when o.id = p.order_id then p.line_position else 0 end
      where oa.registration_id = r.id
      order by (o.id = p.order_id) desc nulls last, o.created_at desc
      limit 1
    ) o on true
    left join ticket_types t on t.id = o.ticket_type_id
    where ${sql.join(conditions, sql` and `)}
    order by r.created_at desc, r.id desc
    limit ${search.limit}`);
  return rowsOf<RegistrationListRow>(result);
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

/**
 * A registration with the names its ids point at (country, state, chosen ticket type) and its
 * form's details: startup (with industry and stage names) or investor. Undefined when unknown.
 */
export async function findRegistrationDetail(db: Executor, id: string) {
  const [row] = await db
    .select({
      registration: registrations,
      countryName: countries.name,
      stateName: states.name,
      ticketName: ticketTypes.name,
      startup: startupDetails,
      industryName: industryCategories.name,
      stageName: startupStages.name,
      investor: investorDetails,
    })
    .from(registrations)
    .innerJoin(countries, eq(countries.id, registrations.countryId))
    .leftJoin(states, eq(states.id, registrations.stateId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, registrations.ticketTypeId))
    .leftJoin(startupDetails, eq(startupDetails.registrationId, registrations.id))
    .leftJoin(industryCategories, eq(industryCategories.id, startupDetails.industryCategoryId))
    .leftJoin(startupStages, eq(startupStages.id, startupDetails.startupStageId))
    .leftJoin(investorDetails, eq(investorDetails.registrationId, registrations.id))
    .where(eq(registrations.id, id));
  return row;
}

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

/** A registration's uploaded files, in upload order (logo, brochure, product images). */
export async function listUploadedFiles(db: Executor, registrationId: string): Promise<UploadedFileRow[]> {
  return db
    .select()
    .from(uploadedFiles)
    .where(eq(uploadedFiles.registrationId, registrationId))
    .orderBy(asc(uploadedFiles.createdAt), asc(uploadedFiles.purpose), asc(uploadedFiles.storedName));
}

export async function findUploadedFile(db: Executor, id: string): Promise<UploadedFileRow | undefined> {
  const [row] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id));
  return row;
}

/** Reads a registration and locks it until the transaction ends (an organizer's edit). */
export async function lockRegistration(tx: Executor, id: string): Promise<Registration | undefined> {
  const [row] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update');
  return row;
}

/** Writes a registration's contact fields; returns the row as it now is. */
export async function updateRegistrationContact(
  tx: Executor,
  id: string,
  values: Pick<NewRegistration, 'name' | 'email' | 'countryCode' | 'contactNo'>,
): Promise<Registration> {
  const [row] = await tx.update(registrations).set(values).where(eq(registrations.id, id)).returning();
  if (!row) throw new Error(`registration ${id} vanished`);
  return row;
}

/** Every registration of an event under this email (case-blind), oldest first. */
export async function listByEmail(db: Executor, eventId: number, email: string): Promise<Registration[]> {
  return db
    .select()
    .from(registrations)
    .where(
      and(eq(registrations.eventId, eventId), sql`lower(${registrations.email}) = ${email.toLowerCase()}`),
    )
    .orderBy(asc(registrations.createdAt));
}

/** Sets a registration's name (a spelling correction). */
export async function updateName(tx: Executor, id: string, name: string): Promise<void> {
  await tx.update(registrations).set({ name }).where(eq(registrations.id, id));
}

/**
 * Replaces the personal data of every registration under `email` (case-blind, all editions):
 * name, email (by an undeliverable `erased-<id>@erased.invalid`, unique as the index needs),
 * phone, city, pincode, address and description, and the founder's name of startup details;
 * deletes the rows of their uploaded files. Company names stay: they are the business's, and
 * invoices name them. Returns the registrations' ids and the deleted files' stored names.
 */
export async function erasePersonalData(
  tx: Executor,
  email: string,
): Promise<{ ids: string[]; storedNames: string[] }> {
  const erased = await tx
    .update(registrations)
    .set({
      name: 'Erased',
      email: sql`'erased-' || ${registrations.id} || '@erased.invalid'`,
      contactNo: '',
      city: '',
      pincode: null,
      address: null,
      description: null,
    })
    .where(sql`lower(${registrations.email}) = lower(${email})`)
    .returning({ id: registrations.id });
  if (erased.length > 0) {
    await tx
      .update(startupDetails)
      .set({ founderName: 'Erased' })
      .where(
        inArray(
          startupDetails.registrationId,
          erased.map((row) => row.id),
        ),
      );
  }
  const files =
    erased.length === 0
      ? []
      : await tx
          .delete(uploadedFiles)
          .where(
            inArray(
              uploadedFiles.registrationId,
              erased.map((row) => row.id),
            ),
          )
          .returning({ storedName: uploadedFiles.storedName });
  return { ids: erased.map((row) => row.id), storedNames: files.map((file) => file.storedName) };
}
