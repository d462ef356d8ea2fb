/**
 * Audit log rows (table `audit_log`, append-only: the database refuses UPDATE, DELETE and
 * TRUNCATE). Every function takes `db: Executor`, the database or an open transaction.
 */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

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
  const conditions: (SQL | undefined)[] = [
    filter.organizerId === undefined ? undefined : eq(auditLog.organizerId, filter.organizerId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.entityType === undefined ? undefined : eq(auditLog.entityType, filter.entityType),
    filter.entityId === undefined ? undefined : eq(auditLog.entityId, filter.entityId),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.to === undefined ? undefined : lt(auditLog.at, filter.to),
    filter.beforeId === undefined ? undefined : lt(auditLog.id, filter.beforeId),
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
