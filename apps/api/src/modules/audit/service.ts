/**
 * The audit log (issue 8 §1): every change an organizer makes — who, when, from which
 * address, what, before and after — append-only and readable by owners.
 *
 * Services own the audit: a use case that changes organizer-visible state calls
 * `recordAudit` inside the transaction of its change, so the row exists exactly when the
 * change does. Routes never write audit rows; they only build the `Actor`.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditEntry, AuditPage, AuditQuery } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotSignedInError } from '../../errors.js';
import { insertAuditRow, listAuditRows, type AuditRow } from './repository.js';

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

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    organizerId: row.organizerId,
    organizerEmail: row.organizerEmail,
    ip: row.ip,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
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
  const items = rows.slice(0, query.limit).map(toEntry);
  const nextCursor = rows.length > query.limit ? (items.at(-1)?.id ?? null) : null;
  return { items, nextCursor };
}
