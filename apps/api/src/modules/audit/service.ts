/**
 * The audit log: every change an organizer makes — who, when, from which address, what, before
 * and after — append-only and readable by owners.
 *
 * Services own the audit: a use case that changes organizer-visible state calls
 * `recordAudit` inside the transaction of its change, so the row exists exactly when the
 * change does. Routes never write audit rows; they only build the `Actor`.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditEntry, AuditPage, AuditQuery } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotSignedInError } from '../../errors.js';
import {
  insertAuditRow,
  listAuditRows,
  organizerNames,
  lockRowsConcerning,
  redactRow,
  type AuditRow,
  type EntityRefs,
} from './repository.js';

/** The organizer making a change, and the client address the request came from. */
export interface Actor {
  organizerId: string;
  email: string;
  /** As Fastify saw it (behind a proxy only with TRUST_PROXY). */
  ip: string;
}

/** JSON of an entity as stored in `before` / `after`: plain values, instants as ISO 8601 UTC. */
export type AuditSnapshot = Record<string, unknown>;

export interface AuditChange {
  /** When the change happened (the app's clock, as the change itself uses). */
  at: Date;
  /** `<entity>.<verb>`, e.g. `ticket_type.update`. */
  action: string;
  entityType: string;
  entityId: string | number;
  /** The entity before the change; null when it is created. */
  before: AuditSnapshot | null;
  /** The entity after the change; null when it is deleted. */
  after: AuditSnapshot | null;
}

/**
 * The actor of an organizer route: `request.organizer` (set by the organizer-auth plugin on
 * routes that declare `config.roles`) and `request.ip`.
 *
 * @throws NotSignedInError no organizer is signed in (401)
 */
export function actorOf(request: FastifyRequest): Actor {
  const organizer = request.organizer;
  if (!organizer) throw new NotSignedInError('Please sign in.');
  return { organizerId: organizer.id, email: organizer.email, ip: request.ip };
}

/** Appends one audit row. Call inside the transaction of the change it records. */
export async function recordAudit(tx: Executor, actor: Actor, change: AuditChange): Promise<void> {
  await insertAuditRow(tx, {
    at: change.at,
    organizerId: actor.organizerId,
    organizerEmail: actor.email,
    ip: actor.ip,
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    before: change.before,
    after: change.after,
  });
}

/** Snapshot keys that name an entity, in the order a person would use them. */
const LABEL_KEYS = ['reference', 'name', 'title', 'question', 'code', 'email', 'list'] as const;

/** How a person names the entity of `row`: from its snapshot, else an organizer's name. */
function entityLabel(row: AuditRow, names: ReadonlyMap<string, string>): string | null {
  for (const snapshot of [row.after, row.before]) {
    for (const key of LABEL_KEYS) {
      const value = snapshot?.[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return row.entityType === 'organizer' ? (names.get(row.entityId) ?? null) : null;
}

function toEntry(row: AuditRow, names: ReadonlyMap<string, string>): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    organizerId: row.organizerId,
    organizerEmail: row.organizerEmail,
    organizerName: names.get(row.organizerId) ?? null,
    ip: row.ip,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    entityLabel: entityLabel(row, names),
    before: row.before,
    after: row.after,
  };
}

/**
 * One page of the audit log, newest first, with every given filter applied. `nextCursor` is
 * the last entry's id when more entries may follow, null on the last page.
 */
export async function listAudit(db: Executor, query: AuditQuery): Promise<AuditPage> {
  const rows = await listAuditRows(
    db,
    {
      organizerId: query.organizerId,
      action: query.action,
      entityType: query.entityType,
      entityId: query.entityId,
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
      beforeId: query.cursor === undefined ? undefined : Number(query.cursor),
    },
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const organizerIds = new Set(
    page.flatMap((row) => [row.organizerId, ...(row.entityType === 'organizer' ? [row.entityId] : [])]),
  );
  const names = await organizerNames(db, [...organizerIds]);
  const items = page.map((row) => toEntry(row, names));
  const nextCursor = rows.length > query.limit ? (items.at(-1)?.id ?? null) : null;
  return { items, nextCursor };
}

/** Actor ids of people who are not organizers (a registrant's own request, a public form). */
export const NON_ORGANIZER_ACTORS = ['registrant', 'public'] as const;

/**
 * Keys whose values are a person's data in the snapshots of the entities a person owns
 * (registrations, inquiries, waiting-list entries) and of what was sent to them.
 */
const PERSONAL_KEYS = new Set([
  'name',
  'email',
  'contactNo',
  'contactPersonName',
  'number',
  'phone',
  'city',
  'address',
  'pincode',
  'description',
  'founderName',
  'recipient',
  'message',
  'reply',
]);

const ERASED = 'Erased';

/** `value` with every string mentioning `email` replaced, and with `keys`' values replaced too. */
function redactValue(value: unknown, email: string, keys: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return value.toLowerCase().includes(email) ? ERASED : value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, email, keys));
  if (value !== null && typeof value === 'object') return redactSnapshot(value as AuditSnapshot, email, keys);
  return value;
}

function redactSnapshot(
  snapshot: AuditSnapshot | null,
  email: string,
  keys: ReadonlySet<string>,
): AuditSnapshot | null {
  return (
    snapshot &&
    Object.fromEntries(
      Object.entries(snapshot).map(([key, value]) => [
        key,
        keys.has(key) && value !== null ? ERASED : redactValue(value, email, keys),
      ]),
    )
  );
}

/**
 * Replaces a person's data in the audit log after their erasure (DPDP Act 2023 §12(3)): rows
 * they acted in themselves lose their address and client address; rows about their entities
 * (`entities`, e.g. their registrations) lose the personal keys' values in before/after; any
 * other row loses the strings that mention `email`. What was done, when and by which
 * organizer stays. Each changed row gets `redactedAt = now`, the one UPDATE the table's
 * trigger lets through. Returns how many rows changed.
 */
export async function redactPersonalData(
  tx: Executor,
  email: string,
  entities: readonly EntityRefs[],
  now: Date,
): Promise<number> {
  const lower = email.toLowerCase();
  const owned = (row: AuditRow) =>
    entities.some((refs) => refs.entityType === row.entityType && refs.entityIds.includes(row.entityId));
  const rows = await lockRowsConcerning(tx, lower, NON_ORGANIZER_ACTORS, entities);
  let changed = 0;
  for (const row of rows) {
    const keys = owned(row) ? PERSONAL_KEYS : new Set<string>();
    const actedByPerson =
      (NON_ORGANIZER_ACTORS as readonly string[]).includes(row.organizerId) &&
      row.organizerEmail.toLowerCase() === lower;
    const redacted = {
      organizerEmail: actedByPerson ? `erased-${row.id}@erased.invalid` : row.organizerEmail,
      ip: actedByPerson ? '' : row.ip,
      entityId: row.entityId.toLowerCase() === lower ? `erased-${row.id}` : row.entityId,
      before: redactSnapshot(row.before, lower, keys),
      after: redactSnapshot(row.after, lower, keys),
    };
    if (JSON.stringify(redacted) === JSON.stringify(pickRedactable(row))) continue;
    await redactRow(tx, row.id, { ...redacted, redactedAt: now });
    changed += 1;
  }
  return changed;
}

function pickRedactable(row: AuditRow) {
  const { organizerEmail, ip, entityId, before, after } = row;
  return { organizerEmail, ip, entityId, before, after };
}

export type { EntityRefs };
