/**
 * Ticket types in the organizer console: what an organizer sends to create or edit one, and the row
 * the console lists. Money is integer paise; instants are ISO 8601 with an offset (stored UTC,
 * shown Asia/Kolkata).
 */
import { z } from 'zod';
import { TicketSoldPerSchema, type TicketSoldPer } from './api.js';
import { MAX_ATTENDEES_PER_ORDER, ParticipantCategory } from './constants.js';
import {
  DEFAULT_GST_RATE_BP,
  DEFAULT_SAC_CODE,
  GstRateSchema,
  PlaceOfSupplyRuleSchema,
  SacCodeSchema,
} from './gst.js';
import { MAX_DATABASE_ID, safeString } from './input.js';
import { storedTranslationsSchema, translationsSchema } from './translations-schema.js';

export const TICKET_TYPE_VISIBILITIES = ['visible', 'hidden'] as const;
export const TicketTypeVisibilitySchema = z.enum(TICKET_TYPE_VISIBILITIES, {
  error: 'Choose visible or hidden',
});
export type TicketTypeVisibility = z.infer<typeof TicketTypeVisibilitySchema>;

/**
 * Lowest price: ₹1, as Razorpay refuses orders below 100 paise. A ticket type is never free
 * (docs/decisions/007): the one way to a ₹0 order is a 100% comp voucher, which checkout pays
 * without the provider.
 */
export const MIN_TICKET_PRICE_PAISE = 100;
/**
 * Highest price: an order's amount (attendees × price) must fit the database's `integer`
 * column, so the price is capped at what MAX_ATTENDEES_PER_ORDER seats can cost (₹4,29,496).
 */
export const MAX_TICKET_PRICE_PAISE = Math.floor(MAX_DATABASE_ID / MAX_ATTENDEES_PER_ORDER);
export const MAX_TICKET_CAPACITY = 1_000_000;

const CATEGORY_IDS: readonly number[] = Object.values(ParticipantCategory);

const paise = (label: string) =>
  z
    .number({ error: `${label} must be a number of paise` })
    .int(`${label} must be a whole number of paise`)
    .min(
      MIN_TICKET_PRICE_PAISE,
      `${label} must be at least ₹1 (100 paise): payments below ₹1 are refused and free passes are not supported`,
    )
    .max(MAX_TICKET_PRICE_PAISE, `${label} must be at most ${MAX_TICKET_PRICE_PAISE} paise`);

/** An instant with its offset, e.g. `2024-10-20T09:00:00+05:30`; null clears it. */
const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}: enter a date and time such as 2024-10-20T09:00:00+05:30` })
    .nullable();

const ticketTypeFields = {
  participantCategoryId: z
    .number({ error: 'Choose a participant category' })
    .int('Choose a participant category')
    .refine((id) => CATEGORY_IDS.includes(id), 'Choose a participant category'),
  name: safeString({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(100, 'The name can be at most 100 characters'),
  /** Price in paise. */
  amount: paise('Price'),
  /** Struck-through list price in paise, higher than the price; null for none. */
  listPrice: paise('List price').nullable(),
  /** Why the price is below the list price, shown beside the struck price: "Early bird". */
  listPriceReason: safeString({ error: 'The reason must be text' })
    .trim()
    .min(1, 'Enter a reason or leave it empty')
    .max(40, 'The reason can be at most 40 characters')
    .nullable(),
  remarks: safeString({ error: 'Remarks must be text' })
    .trim()
    .max(500, 'Remarks can be at most 500 characters'),
  soldPer: TicketSoldPerSchema,
  /** Passes one unit includes: 1 for a per-attendee pass, the package's passes for a stall. */
  passesIncluded: z
    .number({ error: 'Passes included must be a number' })
    .int('Passes included must be a whole number')
    .min(1, 'A ticket includes at least 1 pass')
    .max(MAX_ATTENDEES_PER_ORDER, `A ticket can include at most ${MAX_ATTENDEES_PER_ORDER} passes`),
  capacity: z
    .number({ error: 'Capacity must be a number of seats' })
    .int('Capacity must be a whole number of seats')
    .min(0, 'Capacity cannot be negative')
    .max(MAX_TICKET_CAPACITY, `Capacity can be at most ${MAX_TICKET_CAPACITY} seats`),
  salesStartAt: instant('Sales start'),
  salesEndAt: instant('Sales end'),
  visibility: TicketTypeVisibilitySchema,
  /** Services Accounting Code on invoices; 998596 for event and exhibition admission. */
  sacCode: SacCodeSchema,
  /** GST rate in basis points (1800 = 18 %); 0 for an exempt ticket. */
  gstRateBp: GstRateSchema,
  /** Where it is supplied: `event` (admission, IGST Act s.12(6)) or `recipient` (stall packages, s.12(7)). */
  placeOfSupply: PlaceOfSupplyRuleSchema,
  /** Position in the public list, lowest first. */
  sortOrder: z
    .number({ error: 'Order must be a number' })
    .int('Order must be a whole number')
    .min(0, 'Order cannot be negative')
    .max(10_000, 'Order can be at most 10000'),
};

/** The fields of a ticket type organizers translate. */
export const TICKET_TYPE_TRANSLATED_FIELDS = ['name', 'remarks'] as const;
export type TicketTypeTranslatedField = (typeof TICKET_TYPE_TRANSLATED_FIELDS)[number];

/**
 * The Gujarati and Hindi of the name and remarks, each by the English field's rules; in a
 * PATCH, the whole set replaces the stored one.
 */
const ticketTypeTranslations = translationsSchema({
  name: ticketTypeFields.name,
  remarks: ticketTypeFields.remarks,
});

/** Values a ticket type's cross-field rules look at. */
export interface TicketTypeRuleInput {
  amount: number;
  soldPer: TicketSoldPer;
  passesIncluded: number;
  listPrice: number | null;
  listPriceReason: string | null;
  salesStartAt: string | Date | null;
  salesEndAt: string | Date | null;
}

/**
 * Rules between fields, by field: the list price is above the price, and sales start before
 * they end. Used by the create schema and, on the merged row, by the edit use case.
 */
export function ticketTypeRuleErrors(values: TicketTypeRuleInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.listPrice !== null && values.listPrice <= values.amount) {
    errors.listPrice = 'The list price must be higher than the price';
  }
  if (values.listPriceReason !== null && values.listPrice === null) {
    errors.listPriceReason = 'A reason shows beside a struck list price: set a list price too';
  }
  if (values.soldPer === 'attendee' && values.passesIncluded !== 1) {
    errors.passesIncluded = 'A ticket sold per attendee is one pass; sell it per company to include more';
  }
  if (values.salesStartAt !== null && values.salesEndAt !== null) {
    if (new Date(values.salesStartAt).getTime() >= new Date(values.salesEndAt).getTime()) {
      errors.salesEndAt = 'Sales must end after they start';
    }
  }
  return errors;
}

function addRuleIssues(values: TicketTypeRuleInput, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(ticketTypeRuleErrors(values))) {
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** Body of `POST /api/admin/ticket-types`; the ticket type belongs to the current event. */
export const CreateTicketTypeSchema = z
  .object({
    ...ticketTypeFields,
    translations: ticketTypeTranslations,
    listPrice: ticketTypeFields.listPrice.default(null),
    listPriceReason: ticketTypeFields.listPriceReason.default(null),
    remarks: ticketTypeFields.remarks.default(''),
    soldPer: ticketTypeFields.soldPer.default('attendee'),
    passesIncluded: ticketTypeFields.passesIncluded.default(1),
    salesStartAt: ticketTypeFields.salesStartAt.default(null),
    salesEndAt: ticketTypeFields.salesEndAt.default(null),
    visibility: ticketTypeFields.visibility.default('visible'),
    sortOrder: ticketTypeFields.sortOrder.default(0),
    sacCode: ticketTypeFields.sacCode.default(DEFAULT_SAC_CODE),
    gstRateBp: ticketTypeFields.gstRateBp.default(DEFAULT_GST_RATE_BP),
    placeOfSupply: ticketTypeFields.placeOfSupply.default('event'),
  })
  .superRefine(addRuleIssues);
export type CreateTicketType = z.infer<typeof CreateTicketTypeSchema>;

/**
 * Body of `PATCH /api/admin/ticket-types/{id}`: only the fields to change. The rules between
 * fields are checked by the server on the row as it would be after the change.
 */
export const UpdateTicketTypeSchema = z
  .object({ ...ticketTypeFields, translations: ticketTypeTranslations })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Change at least one field');
export type UpdateTicketType = z.infer<typeof UpdateTicketTypeSchema>;

/** A ticket type as the console lists it, with its seats at the time of the request. */
export const AdminTicketTypeSchema = z.object({
  id: z.number().int(),
  participantCategoryId: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  listPrice: z.number().int().nullable(),
  listPriceReason: z.string().nullable(),
  remarks: z.string(),
  translations: storedTranslationsSchema(TICKET_TYPE_TRANSLATED_FIELDS),
  soldPer: TicketSoldPerSchema,
  passesIncluded: z.number().int(),
  capacity: z.number().int(),
  salesStartAt: z.iso.datetime().nullable(),
  salesEndAt: z.iso.datetime().nullable(),
  visibility: TicketTypeVisibilitySchema,
  sortOrder: z.number().int(),
  sacCode: z.string(),
  gstRateBp: z.number().int(),
  placeOfSupply: PlaceOfSupplyRuleSchema,
  archivedAt: z.iso.datetime().nullable(),
  /** Seats of paid orders. */
  sold: z.number().int(),
  /** Seats of pending orders whose reservation has not lapsed. */
  reserved: z.number().int(),
  /** capacity − sold − reserved, never below zero. */
  available: z.number().int(),
  /** Listed publicly and sold right now (visible, not archived, within its sales window). */
  onSale: z.boolean(),
});
export type AdminTicketType = z.infer<typeof AdminTicketTypeSchema>;

export const AdminTicketTypeListSchema = z.object({ items: z.array(AdminTicketTypeSchema) });
