/**
 * Organizer management: owners list, invite, change the role of, and disable organizers through
 * `/api/admin/organizers`. An invited organizer chooses their own password through the link the
 * invitation email carries (`/admin/set-password`); the command line (`organizer:add`) still adds
 * one with a password typed there.
 */
import { z } from 'zod';
import { OrganizerRoleSchema, OrganizerSchema } from './admin.js';

/** An organizer as owners see them in the list. */
export const OrganizerSummarySchema = OrganizerSchema.extend({
  disabled: z.boolean(),
  /** False until an invited organizer has chosen their password through the email's link. */
  passwordSet: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type OrganizerSummary = z.infer<typeof OrganizerSummarySchema>;

export const OrganizerListSchema = z.object({ items: z.array(OrganizerSummarySchema) });

/** A new organizer an owner invites by email: they choose their own password from the link. */
export const OrganizerInviteSchema = z.object({
  email: z
    .email('Enter a valid email address.')
    .max(254)
    .transform((value) => value.toLowerCase()),
  name: z.string().trim().min(1, 'Enter a name.').max(100),
  role: OrganizerRoleSchema,
});
export type OrganizerInvite = z.infer<typeof OrganizerInviteSchema>;

/**
 * A new organizer with a password typed at the command line (`organizer:add`). Length 12–128
 * here; the server also refuses common and guessable passwords.
 */
export const OrganizerCreateSchema = OrganizerInviteSchema.extend({
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
