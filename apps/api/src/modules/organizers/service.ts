/**
 * Organizer use cases: inviting an organizer by email (owners in the console), adding one with
 * a password (the CLI), listing them, changing a role, disabling. Passwords are hashed by
 * better-auth's own scrypt (`hashPassword`), so better-auth verifies them at sign-in.
 */
import { hashPassword } from 'better-auth/crypto';
import type {
  Organizer,
  OrganizerCreate,
  OrganizerInvite,
  OrganizerSummary,
  OrganizerUpdate,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import {
  InvitationAcceptedError,
  LastOwnerError,
  NotFoundError,
  OrganizerExistsError,
  ValidationError,
} from '../../errors.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { passwordProblem } from './password-policy.js';
import * as repository from './repository.js';
import { issueInvitation } from './set-password-links.js';

function toSummary(row: repository.OrganizerListRow): OrganizerSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Organizer['role'],
    twoFactorEnabled: row.twoFactorEnabled,
    mustChangePassword: row.mustChangePassword,
    disabled: row.disabled,
    passwordSet: row.passwordSet,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The organizer `row` as listed, with whether they have a password yet. */
async function summaryOf(db: Executor, row: repository.OrganizerRow): Promise<OrganizerSummary> {
  return toSummary({ ...row, passwordSet: await repository.hasPassword(db, row.id) });
}

/** The inviting owner's name for the email: their organizer name, or the CLI's address. */
async function inviterName(db: Executor, actor: Actor): Promise<string> {
  return (await repository.readOrganizer(db, actor.organizerId))?.name ?? actor.email;
}

/**
 * Invites an organizer: adds them without a password and queues the email whose link lets them
 * choose one (set-password-links.ts), with its audit row, in one transaction.
 * @throws OrganizerExistsError (409) when the email is taken.
 */
export async function inviteOrganizer(
  db: Database,
  jobs: JobQueue,
  input: OrganizerInvite,
  actor: Actor,
  now: Date,
): Promise<OrganizerSummary> {
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    if (await repository.findOrganizerByEmail(tx, email)) {
      throw new OrganizerExistsError('An organizer with this email already exists.');
    }
    const row = await repository.insertOrganizer(tx, {
      id: crypto.randomUUID(),
      email,
      name: input.name,
      role: input.role,
    });
    await issueInvitation(tx, jobs, row.id, await inviterName(tx, actor));
    const created = toSummary({ ...row, passwordSet: false });
    await recordAudit(tx, actor, {
      at: now,
      action: 'organizer.invite',
      entityType: 'organizer',
      entityId: created.id,
      before: null,
      after: { ...created },
    });
    return created;
  });
}

/**
 * Sends an invited organizer a new invitation (the earlier link stops working).
 * @throws NotFoundError (404); InvitationAcceptedError (409) when they have chosen a password
 *   (they reset it themselves from the sign-in page) or are disabled.
 */
export async function resendInvitation(
  db: Database,
  jobs: JobQueue,
  id: string,
  actor: Actor,
  now: Date,
): Promise<OrganizerSummary> {
  return db.transaction(async (tx) => {
    const row = await repository.findOrganizer(tx, id);
    if (!row) throw new NotFoundError('No such organizer.');
    const summary = await summaryOf(tx, row);
    if (summary.passwordSet) {
      throw new InvitationAcceptedError(
        `${row.name} has already chosen a password; they can reset it from the sign-in page.`,
      );
    }
    if (summary.disabled) throw new InvitationAcceptedError(`${row.name} is disabled.`);
    await issueInvitation(tx, jobs, id, await inviterName(tx, actor));
    await recordAudit(tx, actor, {
      at: now,
      action: 'organizer.invite_again',
      entityType: 'organizer',
      entityId: id,
      before: null,
      after: { ...summary },
    });
    return summary;
  });
}

/**
 * Adds an organizer who signs in with `password`, with its audit row (the actor is the owner
 * who added them, or the command line for `organizer:add`). With `temporaryPassword`, the
 * password is someone else's choice: the console opens nothing for them until they choose
 * their own.
 * @throws ValidationError (400) when the password breaks the rules (password-policy.ts);
 *   OrganizerExistsError (409) when the email is taken.
 */
export async function createOrganizer(
  db: Database,
  input: OrganizerCreate,
  actor: Actor,
  now: Date,
  { temporaryPassword = false }: { temporaryPassword?: boolean } = {},
): Promise<OrganizerSummary> {
  const email = input.email.toLowerCase();
  const problem = await passwordProblem(input.password, [email, input.name]);
  if (problem) throw new ValidationError(problem, { password: problem });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await repository.findOrganizerByEmail(tx, email)) {
      throw new OrganizerExistsError('An organizer with this email already exists.');
    }
    const row = await repository.insertOrganizer(tx, {
      id: crypto.randomUUID(),
      email,
      name: input.name,
      role: input.role,
      passwordHash,
      mustChangePassword: temporaryPassword,
    });
    const created = toSummary({ ...row, passwordSet: true });
    await recordAudit(tx, actor, {
      at: now,
      action: 'organizer.create',
      entityType: 'organizer',
      entityId: created.id,
      before: null,
      after: { ...created },
    });
    return created;
  });
}

/** Every organizer, oldest first. */
export async function listOrganizers(db: Database): Promise<OrganizerSummary[]> {
  return (await repository.listOrganizers(db)).map(toSummary);
}

/** Whether no organizer exists yet (server.ts then says how to add the first). */
export async function hasNoOrganizer(db: Database): Promise<boolean> {
  return (await repository.countOrganizers(db)) === 0;
}

/**
 * Changes an organizer's role or disables (or re-enables) them. Disabling ends every session
 * of theirs at once. The last active owner can be neither demoted nor disabled.
 * @throws NotFoundError (404); LastOwnerError (409).
 */
export async function updateOrganizer(
  db: Database,
  id: string,
  changes: OrganizerUpdate,
  actor: Actor,
  now: Date,
): Promise<OrganizerSummary> {
  return db.transaction(async (tx) => {
    const owners = await repository.lockActiveOwnerIds(tx);
    const current = await repository.findOrganizer(tx, id);
    if (!current) throw new NotFoundError('No such organizer.');
    const losesOwner =
      owners.includes(id) &&
      ((changes.role !== undefined && changes.role !== 'owner') || changes.disabled === true);
    if (losesOwner && owners.length === 1) {
      throw new LastOwnerError('The festival needs at least one active owner: add another owner first.');
    }
    const row = await repository.updateOrganizer(tx, id, changes, now);
    if (changes.disabled === true) await repository.deleteSessionsOf(tx, id);
    const updated = await summaryOf(tx, row);
    await recordAudit(tx, actor, {
      at: now,
      action: 'organizer.update',
      entityType: 'organizer',
      entityId: id,
      before: { ...toSummary({ ...current, passwordSet: updated.passwordSet }) },
      after: { ...updated },
    });
    return updated;
  });
}
