/**
 * The organizer's settings (issue 10 §1): who supplies the passes (legal name, address, state,
 * GSTIN), whether prices include GST, the invoice number prefix, where the festival is held
 * (the place of supply of admissions, IGST Act s.12(6)), and the public contact email and
 * phone the /contact page shows (issue 9 §3). Owners and finance change them.
 */
import { z } from 'zod';
import type { OrganizerRole } from './admin.js';
import { GSTIN_PATTERN, gstStateName } from './gst-states.js';
import { GstinSchema, GstStateCodeSchema } from './gst.js';
import { emailField, requiredText } from './validation.js';

export const SETTINGS_EDITOR_ROLES = ['owner', 'finance'] as const satisfies readonly OrganizerRole[];

/**
 * An invoice number is `<prefix>/<financial year>/<n>`, e.g. `SFG/2526/123`, and a credit
 * note's `<prefix>/<financial year>/C<n>`: with a prefix of at most 5 characters both stay
 * within the 16 characters CGST Rules 2017 rule 46(b) allows.
 */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9-]{1,5}$/;

const optionalGstin = z.union([z.literal('').transform(() => null), GstinSchema]).nullable();

export const SettingsFieldsSchema = z.object({
  legalName: requiredText('Enter the legal name', 200),
  address: requiredText('Enter the address', 500),
  stateCode: GstStateCodeSchema,
  /** Null until the organizer is registered for GST; tax invoices need it. */
  gstin: optionalGstin,
  pricesIncludeGst: z.boolean({ error: 'Say whether prices include GST' }),
  invoicePrefix: z
    .string({ error: 'Enter the invoice prefix' })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(INVOICE_PREFIX_PATTERN, 'Use 1 to 5 letters, digits or -')),
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
});

/** Body of `PUT /api/admin/settings`: every field. The GSTIN's state must be the organizer's state. */
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
  invoicePrefix: z.string(),
  eventStateCode: z.string(),
  publicEmail: z.string().nullable(),
  publicPhone: z.string().nullable(),
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
