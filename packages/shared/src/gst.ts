/**
 * GST facts shared by the checkout form, the console and the server: GST state codes, GSTIN
 * validation, the rate and SAC of a ticket type, where a ticket type is supplied (IGST Act
 * 2017 s.12), and the tax breakdown the server computes. Rates are basis points (1800 = 18 %),
 * money integer paise. The plain data and checks (state codes, the GSTIN check, rate labels) are in
 * gst-states.ts.
 */
import { z } from 'zod';
import { GST_STATES, GSTIN_PATTERN, gstinProblem, gstStateName, type GstStateCode } from './gst-states.js';
import { safeString } from './input.js';

const STATE_CODES = GST_STATES.map((state) => state.code) as [GstStateCode, ...GstStateCode[]];

export const GstStateCodeSchema = z.enum(STATE_CODES, { error: 'Choose a state' });

/** A GSTIN field: trimmed, upper-cased, then checked by `gstinProblem`. */
export const GstinSchema = safeString({ error: 'Enter the GSTIN' })
  .trim()
  .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** SAC 998596: "Events, exhibitions, conventions and trade shows organisation and assistance services". */
export const DEFAULT_SAC_CODE = '998596';
/** 18 % (Notification 11/2017-Central Tax (Rate), entry for SAC 9985), in basis points. */
export const DEFAULT_GST_RATE_BP = 1800;
/** The GST slabs a ticket type may carry, in basis points; 0 for an exempt supply. */
export const GST_RATES_BP = [0, 500, 1200, 1800, 2800] as const;

export const SacCodeSchema = z
  .string({ error: 'Enter the SAC code' })
  .trim()
  .regex(/^99\d{4}$/, 'A SAC code is six digits starting with 99, such as 998596');

export const GstRateSchema = z
  .number({ error: 'Choose a GST rate' })
  .int('Choose a GST rate')
  .refine((rate) => (GST_RATES_BP as readonly number[]).includes(rate), 'Choose 0, 5, 12, 18 or 28 %');

/**
 * Where a ticket type is supplied (IGST Act 2017 s.12): `event` — admission to an event
 * (s.12(6)), where the event is held; `recipient` — organising services such as a stall
 * package (s.12(7)(a)): the buyer's state when the buyer gives a GSTIN, else where the event is held.
 */
export const PLACE_OF_SUPPLY_RULES = ['event', 'recipient'] as const;
export const PlaceOfSupplyRuleSchema = z.enum(PLACE_OF_SUPPLY_RULES, {
  error: 'Choose where the ticket is supplied',
});
export type PlaceOfSupplyRule = z.infer<typeof PlaceOfSupplyRuleSchema>;

/**
 * The tax of an amount, computed by the server (apps/api modules/tax). `taxable` + the taxes
 * = `total`, the amount paid. `cgst` and `sgst` (SGST or UTGST, `stateTaxName` says which)
 * for a supply within the supplier's state, else `igst`.
 */
export const TaxBreakdownSchema = z.object({
  pricesIncludeGst: z.boolean(),
  rateBp: z.number().int(),
  sacCode: z.string(),
  placeOfSupply: z.object({ code: z.string(), name: z.string() }),
  interState: z.boolean(),
  stateTaxName: z.enum(['SGST', 'UTGST']),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  total: z.number().int(),
});
export type TaxBreakdown = z.infer<typeof TaxBreakdownSchema>;

/**
 * What a buyer who needs a tax invoice gives at checkout (CGST Rules 2017 rule 46(e)): the
 * company's legal name, its GSTIN, billing address and state. The state must be the GSTIN's.
 */
export const GstInvoiceRequestSchema = z
  .object({
    companyName: safeString({ error: 'Enter the company name' })
      .trim()
      .min(1, 'Enter the company name')
      .max(200, 'The company name can be at most 200 characters'),
    gstin: GstinSchema,
    address: safeString({ error: 'Enter the billing address' })
      .trim()
      .min(1, 'Enter the billing address')
      .max(500, 'The billing address can be at most 500 characters'),
    stateCode: GstStateCodeSchema,
  })
  .superRefine((value, ctx) => {
    if (GSTIN_PATTERN.test(value.gstin) && value.gstin.slice(0, 2) !== value.stateCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['stateCode'],
        message: `This GSTIN is registered in ${gstStateName(value.gstin.slice(0, 2)) ?? 'another state'}; choose that state`,
      });
    }
  });
export type GstInvoiceRequest = z.infer<typeof GstInvoiceRequestSchema>;
