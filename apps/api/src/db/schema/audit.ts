/**
 * The organizers' audit log.
 */
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change an organizer makes: who, when, from which address, what, and the
 * entity before and after. Append-only: a trigger of the migration raises on UPDATE, DELETE
 * and TRUNCATE, except an UPDATE that redacts a person's data after their erasure (it sets
 * `redacted_at` and keeps id, time, organizer, action and entity type). Organizer ids are text
 * (they come from the authentication library).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    organizerId: text('organizer_id').notNull(),
    organizerEmail: text('organizer_email').notNull(),
    /** Client address as Fastify saw it (behind a proxy only with TRUST_PROXY). */
    ip: text('ip').notNull(),
    /** `<entity>.<verb>`, e.g. 'ticket_type.update'. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The entity before the change; null when it was created. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    /** The entity after the change; null when it was deleted. */
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** When a registrant's erasure last replaced personal data in this row (modules/audit). */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_organizer_idx').on(t.organizerId),
  ],
);
