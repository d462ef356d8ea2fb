/**
 * The audit log as the console reads it: every change an organizer made, newest
 * first, filtered and paginated by cursor. Owners only.
 */
import { z } from 'zod';
import { PageQuerySchema, pageOf } from './admin.js';
import { safeString } from './input.js';

/** One change: who, when (ISO 8601 UTC), from which address, what, and the entity before and after. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  organizerId: z.string(),
  organizerEmail: z.string(),
  /** The organizer's name as it is now; null for the command line, a registrant or a public form. */
  organizerName: z.string().nullable(),
  ip: z.string(),
  /** `<entity>.<verb>`, e.g. `ticket_type.update`. */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /**
   * The entity as a person names it: its name, title, reference or address from the change
   * (after, else before), or an organizer's current name; null when none is known.
   */
  entityLabel: z.string().nullable(),
  /** The entity before the change; null when it was created. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** The entity after the change; null when it was deleted. */
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const filter = (label: string) =>
  safeString({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(200, `${label} can be at most 200 characters`)
    .optional();

const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}: enter a date and time such as 2024-10-20T00:00:00+05:30` })
    .optional();

/**
 * Query of `GET /api/admin/audit`. `from` is inclusive, `to` exclusive. `cursor` is the
 * previous page's `nextCursor`.
 */
export const AuditQuerySchema = PageQuerySchema.extend({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'Not a valid cursor; use the nextCursor of the previous page')
    .optional(),
  organizerId: filter('Organizer'),
  action: filter('Action'),
  entityType: filter('Entity type'),
  entityId: filter('Entity id'),
  from: instant('From'),
  to: instant('To'),
}).refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
  path: ['to'],
  message: 'The end of the range must be after its start',
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = pageOf(AuditEntrySchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;
