/**
 * "Manage my registration": a registrant asks for a single-use sign-in link
 * by email, opens a short session with it, and sees and fixes their registrations, orders and
 * passes. Instants are ISO 8601 UTC; money is integer paise.
 */
import { z } from 'zod';
import { LocaleSchema, localeField } from './locale-schema.js';
import { OrderStatusSchema } from './checkout.js';
import { safeString } from './input.js';
import { TicketUnitsSchema } from './order-tickets.js';
import { storedTranslationsSchema } from './translations-schema.js';
import { AttendeeAnswersSchema } from './registration-questions.js';
import { emailField, requiredText } from './validation.js';

/** How long an emailed sign-in link works. */
export const MANAGE_LINK_MINUTES = 30;
/** How long a session opened by a link lasts. */
export const MANAGE_SESSION_MINUTES = 60;
/** Links one email may request per hour. */
export const MANAGE_LINKS_PER_EMAIL_PER_HOUR = 3;

/** The answer to every link request, known email or not, so the page reveals nothing. */
export const MANAGE_LINK_SENT_MESSAGE =
  'If this email is registered with us, a sign-in link is on its way. It works once, for 30 minutes.';

/** Body of `POST /api/self-service/link`. */
export const ManageLinkRequestSchema = z.object({
  email: emailField().toLowerCase(),
  /** The language of the page the link was asked from: its email is written in it. */
  locale: localeField(),
});
export type ManageLinkRequest = z.infer<typeof ManageLinkRequestSchema>;

/** Body of `POST /api/self-service/session`: the token from the link (its `#token=` fragment). */
export const ManageSessionRequestSchema = z.object({
  token: safeString().trim().min(20, 'This sign-in link is not valid.').max(100),
});

/** A session: the bearer token to send as `Authorization: Bearer …`, and when it ends. */
export const ManageSessionSchema = z.object({
  sessionToken: z.string(),
  email: z.string(),
  expiresAt: z.iso.datetime(),
});
export type ManageSession = z.infer<typeof ManageSessionSchema>;

export const ManageAttendeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  participantCategoryId: z.number().int(),
  companyName: z.string().nullable(),
  registeredAt: z.iso.datetime(),
  /** Whether this session may correct the name: the person's own, or a colleague they paid for. */
  canRename: z.boolean(),
  /** Whether the attendee holds a valid pass. */
  hasPass: z.boolean(),
  /**
   * The code of the attendee's valid pass, when this session may see it: a person's own, and
   * every pass of an order they bought. A typed code admits at the gate, so a colleague does not
   * see the buyer's.
   */
  passCode: z.string().nullable(),
  /**
   * The attendee's answers to the registration questions, for those this session may see (as
   * `canRename`: their own, and the people of an order they bought); null for the others.
   */
  answers: AttendeeAnswersSchema.nullable(),
  /** Whether this session may change those answers now: theirs to see, and the edition not over. */
  canEditAnswers: z.boolean(),
});
export type ManageAttendee = z.infer<typeof ManageAttendeeSchema>;

export const ManageOrderSchema = z.object({
  reference: z.string(),
  status: OrderStatusSchema,
  /** The ticket type of its first line, the one checkout sold (paying again buys it). */
  ticketTypeId: z.number().int(),
  /** The order's ticket (`ticketNameOf` its lines), as on the buyer's order page. */
  ticketName: z.string(),
  /**
   * `formatTicketUnits(tickets)` in Gujarati and Hindi where a ticket of it is translated
   * (`ticketTextTranslations`).
   */
  translations: storedTranslationsSchema(['tickets']),
  /** Units per ticket, lines left with none left out (`unitsByTicket`); `formatTicketUnits` names them. */
  tickets: z.array(TicketUnitsSchema),
  /** Units of all its lines. */
  quantity: z.number().int(),
  amount: z.number().int(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /** Attendee ids in checkout order (the first paid). */
  attendeeIds: z.array(z.string()),
  /**
   * Whether this session may pay again for the order (`POST …/orders/{reference}/pay-again`): it
   * bought it, it is unpaid (payment failed, waiting or reservation ended), none of its attendees
   * holds a pass and no newer order of its buyer's took its place. The server checks it all again.
   */
  canPayAgain: z.boolean(),
});
export type ManageOrder = z.infer<typeof ManageOrderSchema>;

/** What the manage page shows (`GET /api/self-service/overview`). */
export const ManageOverviewSchema = z.object({
  email: z.string(),
  event: z.object({
    name: z.string(),
    startDate: z.iso.datetime(),
    endDate: z.iso.datetime(),
    venue: z.string(),
  }),
  attendees: z.array(ManageAttendeeSchema),
  orders: z.array(ManageOrderSchema),
  /** Whether a deletion request of this email is waiting for the organizers. */
  deletionRequestedAt: z.iso.datetime().nullable(),
});
export type ManageOverview = z.infer<typeof ManageOverviewSchema>;

/** Body of `POST /api/self-service/checkout`: attendees of this session and a ticket type. */
export const ManageCheckoutRequestSchema = z.object({
  startupIds: z.array(z.uuid()).min(1).max(50),
  selectedTicket: z.coerce.number().int().positive(),
  /** The language of the manage page: the order's emails to the buyer use it. */
  locale: LocaleSchema.optional(),
});

/** Body of `PATCH /api/self-service/attendees/{id}`: only the name's spelling may change. */
export const ManageRenameSchema = z.object({ name: requiredText('Name is required', 120) });
export type ManageRename = z.infer<typeof ManageRenameSchema>;

/** The person's data as `GET /api/self-service/export` answers it (DPDP Act 2023 §11). */
export const ManageDataExportSchema = z.object({
  email: z.string(),
  exportedAt: z.iso.datetime(),
  registrations: z.array(z.record(z.string(), z.unknown())),
  orders: z.array(ManageOrderSchema),
  passes: z.array(
    z.object({
      code: z.string(),
      attendeeName: z.string(),
      orderReference: z.string(),
      issuedAt: z.iso.datetime(),
      revoked: z.boolean(),
    }),
  ),
});
export type ManageDataExport = z.infer<typeof ManageDataExportSchema>;
