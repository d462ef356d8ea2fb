/**
 * Audit log rows (table `audit_log`, append-only: the database refuses UPDATE, DELETE and
 * TRUNCATE, except a redaction that sets `redacted_at`). Every function takes `db: Executor`,
 * the database or an open transaction.
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog, organizers } from '../../db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: Executor, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter {
  organizerId?: string | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  /** Only rows with a smaller id (the last id of the previous page). */
  beforeId?: number | undefined;
}

/**
 * Up to `limit` rows matching every given filter, newest first. Ordered by id, which only
 * grows, so a cursor (the last id seen) pages through a stable order while rows are added.
 */
export async function listAuditRows(db: Executor, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(auditConditions(filter)).orderBy(desc(auditLog.id)).limit(limit);
}

/** The audit filter as one condition. */
function auditConditions(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.organizerId === undefined ? undefined : eq(auditLog.organizerId, filter.organizerId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.entityType === undefined ? undefined : eq(auditLog.entityType, filter.entityType),
    filter.entityId === undefined ? undefined : eq(auditLog.entityId, filter.entityId),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.to === undefined ? undefined : lt(auditLog.at, filter.to),
    filter.beforeId === undefined ? undefined : lt(auditLog.id, filter.beforeId),
  ];
  return and(...conditions);
}

/** Current names of the organizers `ids` (those that exist), by id. */
export async function organizerNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: organizers.id, name: organizers.name })
    .from(organizers)
    .where(inArray(organizers.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The rows of `entityIds` of one entity type. */
export interface EntityRefs {
  entityType: string;
  entityIds: readonly string[];
}

/**
 * Rows that may hold a person's data: acted by `actorIds` (non-organizer actors such as a
 * registrant) under `email`, about the `registrant` `email`, about one of `entities`, or whose
 * before/after mention `email` (case-blind). Locked for update. A scan of the table: erasures
 * are rare and owner-run.
 */
export async function lockRowsConcerning(
  tx: Executor,
  email: string,
  actorIds: readonly string[],
  entities: readonly EntityRefs[],
): Promise<AuditRow[]> {
  const lower = email.toLowerCase();
  const mentions = (column: typeof auditLog.before | typeof auditLog.after) =>
    sql`position(${lower} in lower(${column}::text)) > 0`;
  return tx
    .select()
    .from(auditLog)
    .where(
      or(
        and(inArray(auditLog.organizerId, [...actorIds]), sql`lower(${auditLog.organizerEmail}) = ${lower}`),
        and(eq(auditLog.entityType, 'registrant'), sql`lower(${auditLog.entityId}) = ${lower}`),
        ...entities
          .filter((refs) => refs.entityIds.length > 0)
          .map((refs) =>
            and(eq(auditLog.entityType, refs.entityType), inArray(auditLog.entityId, [...refs.entityIds])),
          ),
        mentions(auditLog.before),
        mentions(auditLog.after),
      ),
    )
    .orderBy(auditLog.id)
    .for('update');
}

/** Rewrites a row's redactable columns; the database allows it only with a new `redactedAt`. */
export async function redactRow(
  tx: Executor,
  id: number,
  values: Pick<AuditRow, 'organizerEmail' | 'ip' | 'entityId' | 'before' | 'after'> & { redactedAt: Date },
): Promise<void> {
  await tx.update(auditLog).set(values).where(eq(auditLog.id, id));
}
