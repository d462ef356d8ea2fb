/**
 * The organizer's settings: who supplies the passes (legal name, address, state,
 * GSTIN), whether prices include GST, where the festival is held
 * (the place of supply of admissions, IGST Act s.12(6)), the public contact email and
 * phone the /contact page shows, and the most seats orders awaiting payment may
 * hold per buyer. Owners and finance change them.
 */
import { z } from 'zod';
import type { OrganizerRole } from './admin.js';
import { GSTIN_PATTERN, gstStateName } from './gst-states.js';
import { GstinSchema, GstStateCodeSchema } from './gst.js';
import { emailField, requiredText } from './validation.js';

export const SETTINGS_EDITOR_ROLES = ['owner', 'finance'] as const satisfies readonly OrganizerRole[];

/**
 * Most seats (units of a ticket type's capacity: a pass per attendee, one per stall package)
 * that pending orders, unpaid and unexpired, may hold at once for one buyer email, and for
 * one client address. Without a limit one visitor empties a ticket type by reserving it
 * without paying. Two numbers, because an address is often many buyers (a mobile carrier's
 * shared address, an incubator's office, the venue's Wi-Fi on festival day), so its limit
 * is the larger; an email is one buyer, and a startup registers several attendees at once.
 * Paid orders count nothing.
 */
export const DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL = 10;
export const DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS = 20;
/** Highest value of either limit: in effect no limit. */
export const MAX_UNPAID_SEATS_LIMIT = 10_000;

function unpaidSeatLimit(per: string) {
  const wholeNumber = `Enter the most seats ${per} may hold unpaid, as a whole number`;
  return z
    .number({ error: wholeNumber })
    .int(wholeNumber)
    .min(1, 'At least 1 seat, or nobody could check out')
    .max(MAX_UNPAID_SEATS_LIMIT, `At most ${MAX_UNPAID_SEATS_LIMIT} seats`);
}

const optionalGstin = z.union([z.literal('').transform(() => null), GstinSchema]).nullable();

export const SettingsFieldsSchema = z.object({
  legalName: requiredText('Enter the legal name', 200),
  address: requiredText('Enter the address', 500),
  stateCode: GstStateCodeSchema,
  /** Null until the organizer is registered for GST; tax invoices need it. */
  gstin: optionalGstin,
  pricesIncludeGst: z.boolean({ error: 'Say whether prices include GST' }),
  /** The state where the festival is held: the place of supply of admissions. */
  eventStateCode: GstStateCodeSchema,
  publicEmail: z.union([z.literal('').transform(() => null), emailField()]).nullable(),
  publicPhone: z
    .union([
      z.literal('').transform(() => null),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, 'Enter a phone number such as +91 98250 12345'),
    ])
    .nullable(),
  /** Left out, the saved value stays (clients written before the limits existed). */
  maxUnpaidSeatsPerEmail: unpaidSeatLimit('one buyer email').optional(),
  maxUnpaidSeatsPerAddress: unpaidSeatLimit('one client address').optional(),
});

/** Body of `PUT /api/admin/settings`: every field but the seat limits. The GSTIN's state must be the organizer's state. */
export const UpdateSettingsSchema = SettingsFieldsSchema.superRefine((value, ctx) => {
  if (value.gstin && GSTIN_PATTERN.test(value.gstin) && value.gstin.slice(0, 2) !== value.stateCode) {
    ctx.addIssue({
      code: 'custom',
      path: ['stateCode'],
      message: `This GSTIN is registered in ${gstStateName(value.gstin.slice(0, 2)) ?? 'another state'}; choose that state`,
    });
  }
});
export type UpdateSettings = z.infer<typeof UpdateSettingsSchema>;
export type UpdateSettingsInput = z.input<typeof UpdateSettingsSchema>;

export const SettingsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  stateCode: z.string(),
  gstin: z.string().nullable(),
  pricesIncludeGst: z.boolean(),
  eventStateCode: z.string(),
  publicEmail: z.string().nullable(),
  publicPhone: z.string().nullable(),
  maxUnpaidSeatsPerEmail: z.number().int(),
  maxUnpaidSeatsPerAddress: z.number().int(),
  updatedAt: z.iso.datetime().nullable(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** `GET /api/settings/public`: what any visitor may read. */
export const PublicSettingsSchema = z.object({
  legalName: z.string(),
  pricesIncludeGst: z.boolean(),
  publicEmail: z.string().nullable(),
  publicPhone: z.string().nullable(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
