/**
 * "Tell me when registration opens": a public form leaves an email address while the
 * edition's sales are not open; organizers list the addresses in the console, export them as
 * CSV, email every waiting address once sales open (the announcement) or mark them notified
 * once they have written to them otherwise. Instants are ISO 8601 UTC.
 */
import { z } from 'zod';
import { PageQuerySchema, pageOf, type OrganizerRole } from './admin.js';
import { EventSalesSchema } from './api.js';
import { localeField } from './locale-schema.js';
import { emailField } from './validation.js';

/** Roles that read, export, announce to and mark the list: it holds people's addresses, for the organisers who write to them. */
export const REGISTRATION_ALERT_ROLES = ['owner', 'manager'] as const satisfies readonly OrganizerRole[];

/**
 * Body of `POST /api/auth/registration-alerts`; the address is stored trimmed and lower-cased,
 * with the language of the page it was left on (`locale`, English when absent) for its emails.
 */
export const RegistrationAlertRequestSchema = z.object({ email: emailField(), locale: localeField() });
export type RegistrationAlertRequest = z.infer<typeof RegistrationAlertRequestSchema>;

/** The public form's answer, the same whether the address was new or already on the list. */
export const REGISTRATION_ALERT_SAVED_MESSAGE = 'Thank you. We will email you when registration opens.';

export const RegistrationAlertSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** Name of the edition the site showed when the address was left; null once that edition is gone. */
  editionName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When an organizer marked it written to; null while not yet. */
  notifiedAt: z.iso.datetime().nullable(),
});
export type RegistrationAlert = z.infer<typeof RegistrationAlertSchema>;

export const RegistrationAlertListQuerySchema = PageQuerySchema.extend({
  /** `waiting`: not notified yet; `notified`; both when absent. */
  status: z.enum(['waiting', 'notified']).optional(),
});
export type RegistrationAlertListQuery = z.infer<typeof RegistrationAlertListQuerySchema>;

/** Newest first. */
export const RegistrationAlertPageSchema = pageOf(RegistrationAlertSchema).extend({
  /** Addresses not notified yet, over the whole list. */
  waiting: z.number().int(),
});
export type RegistrationAlertPage = z.infer<typeof RegistrationAlertPageSchema>;

/**
 * The console's answer of `GET /api/admin/registration-alerts`: a page of the list and the
 * current edition it would be announced for, with its sales state at the server's clock. The
 * announcement is possible only while `sales.state` is `open` and someone is waiting.
 */
export const RegistrationAlertListSchema = RegistrationAlertPageSchema.extend({
  current: z.object({ editionName: z.string(), sales: EventSalesSchema }),
});
export type RegistrationAlertList = z.infer<typeof RegistrationAlertListSchema>;

/**
 * Answer of `POST /api/admin/registration-alerts/announce`: how many waiting addresses were
 * marked notified, each with one "Registration is open" email queued (sent after commit, so
 * a moment later). 0 when nobody was waiting, or another organizer's announcement took them.
 */
export const AnnounceRegistrationOpenResultSchema = z.object({ emailed: z.number().int() });
export type AnnounceRegistrationOpenResult = z.infer<typeof AnnounceRegistrationOpenResultSchema>;

/**
 * Body of `POST /api/admin/registration-alerts/mark-notified`: marks the addresses not notified
 * yet that were left at or before `createdUpTo` (the newest the organizer saw or exported), so
 * an address left meanwhile stays waiting.
 */
export const MarkAlertsNotifiedSchema = z.object({ createdUpTo: z.iso.datetime() });
export type MarkAlertsNotified = z.infer<typeof MarkAlertsNotifiedSchema>;

/** How many addresses the mark reached. */
export const MarkAlertsNotifiedResultSchema = z.object({ marked: z.number().int() });
export type MarkAlertsNotifiedResult = z.infer<typeof MarkAlertsNotifiedResultSchema>;
