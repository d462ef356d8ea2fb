/**
 * Organizer use cases: adding an organizer with an initial password (the CLI and
 * owners in the console), listing them, changing a role, disabling. Passwords are hashed by
 * better-auth's own scrypt (`hashPassword`), so better-auth verifies them at sign-in.
 */
import { hashPassword } from 'better-auth/crypto';
import type { Organizer, OrganizerCreate, OrganizerSummary, OrganizerUpdate } from '@festival/shared';
import type { Database } from '../../db/client.js';
import { LastOwnerError, NotFoundError, OrganizerExistsError, ValidationError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { passwordProblem } from './password-policy.js';
import * as repository from './repository.js';

function toSummary(row: repository.OrganizerRow): OrganizerSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Organizer['role'],
    twoFactorEnabled: row.twoFactorEnabled,
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Adds an organizer who signs in with `password`, with its audit row (the actor is the owner
 * who added them, or the command line for `organizer:add`).
 * @throws ValidationError (400) when the password breaks the rules (password-policy.ts);
 *   OrganizerExistsError (409) when the email is taken.
 */
export async function createOrganizer(
  db: Database,
  input: OrganizerCreate,
  actor: Actor,
  now: Date,
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
    });
    const created = toSummary(row);
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
    const updated = toSummary(row);
    await recordAudit(tx, actor, {
      at: now,
      action: 'organizer.update',
      entityType: 'organizer',
      entityId: id,
      before: { ...toSummary(current) },
      after: { ...updated },
    });
    return updated;
  });
}
