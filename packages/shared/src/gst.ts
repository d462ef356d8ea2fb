/**
 * GST facts shared by the checkout form, the console and the server (issue 10 §1–§2): GST
 * state codes, GSTIN validation, the rate and SAC of a ticket type, where a ticket type is
 * supplied (IGST Act 2017 s.12), and the tax breakdown the server computes. Rates are basis
 * points (1800 = 18 %), money integer paise.
 */
import { z } from 'zod';
import { safeString } from './input.js';

/**
 * GST state and union-territory codes (the first two digits of a GSTIN), as the GST portal
 * lists them. 25 (Daman and Diu) merged into 26 in 2020 and 28 is Andhra Pradesh before 2014;
 * neither is offered for new documents. `ut` marks union territories without a legislature,
 * which levy UTGST instead of SGST (UTGST Act 2017 s.7).
 */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir', ut: false },
  { code: '02', name: 'Himachal Pradesh', ut: false },
  { code: '03', name: 'Punjab', ut: false },
  { code: '04', name: 'Chandigarh', ut: true },
  { code: '05', name: 'Uttarakhand', ut: false },
  { code: '06', name: 'Haryana', ut: false },
  { code: '07', name: 'Delhi', ut: false },
  { code: '08', name: 'Rajasthan', ut: false },
  { code: '09', name: 'Uttar Pradesh', ut: false },
  { code: '10', name: 'Bihar', ut: false },
  { code: '11', name: 'Sikkim', ut: false },
  { code: '12', name: 'Arunachal Pradesh', ut: false },
  { code: '13', name: 'Nagaland', ut: false },
  { code: '14', name: 'Manipur', ut: false },
  { code: '15', name: 'Mizoram', ut: false },
  { code: '16', name: 'Tripura', ut: false },
  { code: '17', name: 'Meghalaya', ut: false },
  { code: '18', name: 'Assam', ut: false },
  { code: '19', name: 'West Bengal', ut: false },
  { code: '20', name: 'Jharkhand', ut: false },
  { code: '21', name: 'Odisha', ut: false },
  { code: '22', name: 'Chhattisgarh', ut: false },
  { code: '23', name: 'Madhya Pradesh', ut: false },
  { code: '24', name: 'Gujarat', ut: false },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', ut: true },
  { code: '27', name: 'Maharashtra', ut: false },
  { code: '29', name: 'Karnataka', ut: false },
  { code: '30', name: 'Goa', ut: false },
  { code: '31', name: 'Lakshadweep', ut: true },
  { code: '32', name: 'Kerala', ut: false },
  { code: '33', name: 'Tamil Nadu', ut: false },
  { code: '34', name: 'Puducherry', ut: false },
  { code: '35', name: 'Andaman and Nicobar Islands', ut: true },
  { code: '36', name: 'Telangana', ut: false },
  { code: '37', name: 'Andhra Pradesh', ut: false },
  { code: '38', name: 'Ladakh', ut: true },
  { code: '97', name: 'Other Territory', ut: true },
] as const;

export type GstStateCode = (typeof GST_STATES)[number]['code'];
const STATE_CODES = GST_STATES.map((state) => state.code) as [GstStateCode, ...GstStateCode[]];

export const GstStateCodeSchema = z.enum(STATE_CODES, { error: 'Choose a state' });

/** "Gujarat" for "24"; undefined for a code not in GST_STATES. */
export function gstStateName(code: string): string | undefined {
  return GST_STATES.find((state) => state.code === code)?.name;
}

/** True for a union territory that levies UTGST rather than SGST. */
export function isUnionTerritory(code: string): boolean {
  return GST_STATES.find((state) => state.code === code)?.ut === true;
}

/**
 * A GSTIN's shape (CBIC's GSTIN format): state code (2 digits), the holder's PAN (5 letters,
 * 4 digits, a letter), the registration's number within the PAN (1–9 or A–Z), 'Z', check character.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters: the published mod-36 Luhn scheme
 * (each character's value 0–35, weights 1 and 2 alternating from the left, each product's
 * base-36 digits summed, the check the complement to the next multiple of 36). Returns
 * undefined for characters outside 0–9 and A–Z. See docs/decisions/009-gstin-check-digit.md.
 */
export function gstinCheckCharacter(first14: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < first14.length; i += 1) {
    const value = GSTIN_ALPHABET.indexOf(first14[i]!);
    if (value < 0) return undefined;
    const product = value * ((i % 2) + 1);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36];
}

/** Why a GSTIN is refused, or undefined when its shape, state code and check character are right. */
export function gstinProblem(gstin: string): string | undefined {
  if (!GSTIN_PATTERN.test(gstin)) {
    return 'Enter a 15-character GSTIN such as 24AAACG1234A1Z5';
  }
  if (!gstStateName(gstin.slice(0, 2))) return 'The GSTIN does not start with a known state code';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return 'This GSTIN is not valid: its last character does not match (check for a typing mistake)';
  }
  return undefined;
}

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

/** "18 %" for 1800. */
export function formatGstRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`;
}

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

/** How a price reads: "incl. GST" or "+ GST" (18 %), or "GST exempt" at 0 %. */
export function gstPriceLabel(pricesIncludeGst: boolean, rateBp: number): string {
  if (rateBp === 0) return 'GST exempt';
  return pricesIncludeGst ? `incl. ${formatGstRate(rateBp)} GST` : `+ ${formatGstRate(rateBp)} GST`;
}

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
