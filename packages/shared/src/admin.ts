/**
 * The organizer console's shared vocabulary: roles, and the shapes every `/api/admin/…` route
 * shares. Roles are checked on the server for every admin route; the browser only uses them to hide
 * what a role cannot do.
 */
import { z } from 'zod';
import { ErrorResponseSchema } from './api.js';

/**
 * - owner: everything, and manages organizers;
 * - manager: registrations, orders, ticket types, content, inquiries, check-in;
 * - finance: orders, refunds, exports; read-only elsewhere;
 * - content: FAQ, pages, speakers, sponsors, nominees, vote results;
 * - gate: check-in only.
 */
export const ORGANIZER_ROLES = ['owner', 'manager', 'finance', 'content', 'gate'] as const;
export const OrganizerRoleSchema = z.enum(ORGANIZER_ROLES);
export type OrganizerRole = z.infer<typeof OrganizerRoleSchema>;

/**
 * Roles that may download the console's exports: each file carries people's contact details
 * (the votes' file voters' emails and client addresses), which the role table gives to
 * finance ("exports") but not to content editors, who see vote results, not voters.
 */
export const EXPORT_ROLES = ['owner', 'manager', 'finance'] as const satisfies readonly OrganizerRole[];

/** Roles that must enrol TOTP two-factor before they can use the console. */
export const ROLES_REQUIRING_TWO_FACTOR: readonly OrganizerRole[] = ['owner', 'manager', 'finance'];

/** The signed-in organizer, as `GET /api/admin/me` answers it. */
export const OrganizerSchema = z.object({
  id: z.string(),
  email: z.email(),
  name: z.string(),
  role: OrganizerRoleSchema,
  twoFactorEnabled: z.boolean(),
  /** Their password was set by someone else: they choose their own before anything else. */
  mustChangePassword: z.boolean(),
});
export type Organizer = z.infer<typeof OrganizerSchema>;

/** Cursor pagination of admin lists: `?cursor=` from the previous page's `nextCursor`. */
export const PageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** A page of an admin list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/**
 * The error answers of a console route that changes something: bad input (400), signed out (401),
 * a role that may not (403), no such record (404) and a state that forbids the change (409).
 */
export const AdminChangeErrorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
