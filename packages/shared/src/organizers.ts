/**
 * Organizer management: owners list, add, change the role of, and disable organizers through
 * `/api/admin/organizers`.
 */
import { z } from 'zod';
import { OrganizerRoleSchema, OrganizerSchema } from './admin.js';

/** An organizer as owners see them in the list. */
export const OrganizerSummarySchema = OrganizerSchema.extend({
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type OrganizerSummary = z.infer<typeof OrganizerSummarySchema>;

export const OrganizerListSchema = z.object({ items: z.array(OrganizerSummarySchema) });

/**
 * A new organizer with an initial password the owner passes on out of band; the organizer
 * changes it after the first sign-in. Length 12–128 here; the server also refuses common and
 * guessable passwords.
 */
export const OrganizerCreateSchema = z.object({
  email: z
    .email('Enter a valid email address.')
    .max(254)
    .transform((value) => value.toLowerCase()),
  name: z.string().trim().min(1, 'Enter a name.').max(100),
  role: OrganizerRoleSchema,
  password: z.string().min(12, 'Use at least 12 characters.').max(128, 'Use at most 128 characters.'),
});
export type OrganizerCreate = z.infer<typeof OrganizerCreateSchema>;

/** Changes an owner may make to an organizer: the role, or disabling (ends their sessions). */
export const OrganizerUpdateSchema = z
  .object({ role: OrganizerRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((value) => value.role !== undefined || value.disabled !== undefined, {
    message: 'Give a role or disabled.',
  });
export type OrganizerUpdate = z.infer<typeof OrganizerUpdateSchema>;

export const OrganizerIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
