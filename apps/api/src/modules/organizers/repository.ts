/**
 * Organizer rows (tables kept by better-auth, see db/schema.ts). Every function takes
 * `db: Executor`, the database or an open transaction.
 */
import { and, asc, desc, eq, like, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizerAccounts, organizerSessions, organizers, organizerVerifications } from '../../db/schema.js';

export type OrganizerRow = typeof organizers.$inferSelect;

/**
 * The prefix of better-auth's password-reset verification rows (`reset-password:<token>`), which
 * invitations reuse: better-auth's `/reset-password` consumes either.
 */
export const SET_PASSWORD_PREFIX = 'reset-password:';

/** An organizer as listed, with whether they have a password yet (an invitation accepted). */
export type OrganizerListRow = OrganizerRow & { passwordSet: boolean };

/**
 * Whether the organizer has a password (better-auth's `credential` account with one). Written
 * with qualified names: drizzle leaves a one-table query's columns unqualified, and inside the
 * subquery an unqualified `id` would be the account's.
 */
const passwordSet = sql<boolean>`exists (
  select 1 from organizer_accounts a
  where a.user_id = ${sql.raw('"organizers"."id"')} and a.provider_id = 'credential' and a.password is not null)`;

export async function listOrganizers(db: Executor): Promise<OrganizerListRow[]> {
  const rows = await db
    .select({ organizer: organizers, passwordSet })
    .from(organizers)
    .orderBy(asc(organizers.createdAt), asc(organizers.id));
  return rows.map((row) => ({ ...row.organizer, passwordSet: row.passwordSet }));
}

/** Whether the organizer `id` has a password yet. */
export async function hasPassword(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ passwordSet }).from(organizers).where(eq(organizers.id, id));
  return row?.passwordSet === true;
}

/** A set-password link's row: the organizer it is for, its token, when it lapses. */
export interface SetPasswordLinkRow {
  id: string;
  organizerId: string;
  token: string;
  createdAt: Date;
  expiresAt: Date;
}

const linkColumns = {
  id: organizerVerifications.id,
  organizerId: organizerVerifications.value,
  identifier: organizerVerifications.identifier,
  createdAt: organizerVerifications.createdAt,
  expiresAt: organizerVerifications.expiresAt,
};

function toLink(row: {
  id: string;
  organizerId: string;
  identifier: string;
  createdAt: Date;
  expiresAt: Date;
}) {
  const { identifier, ...rest } = row;
  return { ...rest, token: identifier.slice(SET_PASSWORD_PREFIX.length) };
}

/** Writes a set-password link as better-auth writes a reset link, so its endpoint takes it. */
export async function insertSetPasswordLink(db: Executor, link: SetPasswordLinkRow): Promise<void> {
  await db.insert(organizerVerifications).values({
    id: link.id,
    identifier: `${SET_PASSWORD_PREFIX}${link.token}`,
    value: link.organizerId,
    createdAt: link.createdAt,
    updatedAt: link.createdAt,
    expiresAt: link.expiresAt,
  });
}

export async function findSetPasswordLink(db: Executor, id: string): Promise<SetPasswordLinkRow | undefined> {
  const [row] = await db
    .select(linkColumns)
    .from(organizerVerifications)
    .where(
      and(
        eq(organizerVerifications.id, id),
        like(organizerVerifications.identifier, `${SET_PASSWORD_PREFIX}%`),
      ),
    );
  return row && toLink(row);
}

export async function findSetPasswordLinkByToken(
  db: Executor,
  token: string,
): Promise<SetPasswordLinkRow | undefined> {
  const [row] = await db
    .select(linkColumns)
    .from(organizerVerifications)
    .where(eq(organizerVerifications.identifier, `${SET_PASSWORD_PREFIX}${token}`));
  return row && toLink(row);
}

/** The organizer's newest set-password link other than `exceptId`, if any. */
export async function latestOtherSetPasswordLink(
  db: Executor,
  organizerId: string,
  exceptId: string,
): Promise<SetPasswordLinkRow | undefined> {
  const [row] = await db
    .select(linkColumns)
    .from(organizerVerifications)
    .where(
      and(
        eq(organizerVerifications.value, organizerId),
        like(organizerVerifications.identifier, `${SET_PASSWORD_PREFIX}%`),
        ne(organizerVerifications.id, exceptId),
      ),
    )
    .orderBy(desc(organizerVerifications.createdAt))
    .limit(1);
  return row && toLink(row);
}

/** Deletes the organizer's set-password links, but `keepId`'s when given. */
export async function deleteSetPasswordLinksOf(
  db: Executor,
  organizerId: string,
  keepId?: string,
): Promise<void> {
  await db
    .delete(organizerVerifications)
    .where(
      and(
        eq(organizerVerifications.value, organizerId),
        like(organizerVerifications.identifier, `${SET_PASSWORD_PREFIX}%`),
        keepId ? ne(organizerVerifications.id, keepId) : undefined,
      ),
    );
}

export async function deleteSetPasswordLink(db: Executor, id: string): Promise<void> {
  await db.delete(organizerVerifications).where(eq(organizerVerifications.id, id));
}

export async function findOrganizer(db: Executor, id: string): Promise<OrganizerRow | undefined> {
  const [row] = await db.select().from(organizers).where(eq(organizers.id, id)).for('update');
  return row;
}

/** An organizer's row, read without locking it. */
export async function readOrganizer(db: Executor, id: string): Promise<OrganizerRow | undefined> {
  const [row] = await db.select().from(organizers).where(eq(organizers.id, id));
  return row;
}

export async function findOrganizerByEmail(db: Executor, email: string): Promise<OrganizerRow | undefined> {
  const [row] = await db.select().from(organizers).where(eq(organizers.email, email));
  return row;
}

export async function countOrganizers(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(organizers);
  return Number(row?.count ?? 0);
}

/**
 * Ids of the active owners, their rows locked until the transaction ends (in id order, so
 * concurrent callers cannot deadlock): two owners demoting each other at once cannot both pass
 * the last-owner check.
 */
export async function lockActiveOwnerIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: organizers.id })
    .from(organizers)
    .where(and(eq(organizers.role, 'owner'), eq(organizers.disabled, false)))
    .orderBy(asc(organizers.id))
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * Inserts the organizer and, given a password hash, their password account (better-auth's
 * `credential` provider). Without one (an invitation) better-auth's `/reset-password` creates
 * the account when they choose their password.
 */
export async function insertOrganizer(
  db: Executor,
  values: {
    id: string;
    email: string;
    name: string;
    role: string;
    passwordHash?: string;
    mustChangePassword?: boolean;
  },
): Promise<OrganizerRow> {
  const [row] = await db
    .insert(organizers)
    .values({
      id: values.id,
      email: values.email,
      name: values.name,
      role: values.role,
      emailVerified: true,
      mustChangePassword: values.mustChangePassword ?? false,
    })
    .returning();
  if (values.passwordHash === undefined) return row!;
  await db.insert(organizerAccounts).values({
    id: crypto.randomUUID(),
    accountId: values.id,
    providerId: 'credential',
    userId: values.id,
    password: values.passwordHash,
  });
  return row!;
}

export async function updateOrganizer(
  db: Executor,
  id: string,
  changes: { role?: string; disabled?: boolean },
  now: Date,
): Promise<OrganizerRow> {
  const [row] = await db
    .update(organizers)
    .set({ ...changes, updatedAt: now })
    .where(eq(organizers.id, id))
    .returning();
  return row!;
}

export async function deleteSessionsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(organizerSessions).where(eq(organizerSessions.userId, userId));
}

/** The organizer chose their own password: the console opens for them again. */
export async function clearMustChangePassword(db: Executor, id: string): Promise<void> {
  await db.update(organizers).set({ mustChangePassword: false }).where(eq(organizers.id, id));
}
