/**
 * Vouchers: codes an organizer hands out that change the price of some ticket
 * types at checkout, for a number of seats, within a validity window, optionally holding
 * seats. Money is integer paise; instants ISO 8601 with an offset (stored UTC).
 */
import { z } from 'zod';
import { MAX_TICKET_CAPACITY, MAX_TICKET_PRICE_PAISE } from './admin-tickets.js';
import { formatRupees } from './constants.js';
import { databaseId, safeString } from './input.js';

/**
 * How a voucher prices one seat: `set_price` charges `value` paise, `subtract` takes `value`
 * paise off (never below 0), `percent` takes `value` % off, `comp` makes the seat free.
 */
export const VOUCHER_PRICE_MODES = ['set_price', 'subtract', 'percent', 'comp'] as const;
export const VoucherPriceModeSchema = z.enum(VOUCHER_PRICE_MODES, {
  error: 'Choose how the voucher prices a seat',
});
export type VoucherPriceMode = z.infer<typeof VoucherPriceModeSchema>;

/** Letters, digits and `-`, 3–32 characters; codes are stored and compared in upper case. */
export const VoucherCodeSchema = safeString({ error: 'Enter a voucher code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, 'A voucher code is 3–32 letters, digits or hyphens');

/** Most codes one bulk request generates. */
export const MAX_VOUCHERS_PER_BATCH = 500;
export const MAX_VOUCHER_USES = 10_000;

const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}: enter a date and time such as 2024-10-20T09:00:00+05:30` })
    .nullable();

const voucherFields = z.object({
  /** Ticket types of the current edition the voucher applies to. */
  ticketTypeIds: z
    .array(databaseId('Choose a ticket type'))
    .min(1, 'Choose at least one ticket type')
    .max(50, 'At most 50 ticket types'),
  priceMode: VoucherPriceModeSchema,
  /** Paise for set_price and subtract, percent for percent, 0 for comp. */
  value: z
    .number({ error: 'Enter a value' })
    .int('Enter a whole number')
    .min(0, 'The value cannot be negative')
    .max(MAX_TICKET_PRICE_PAISE, 'That value is too large'),
  /** Seats the voucher can be used for in all, pending reservations included. */
  maxUses: z
    .number({ error: 'Enter the maximum number of uses' })
    .int('Enter a whole number')
    .min(1, 'Allow at least one use')
    .max(MAX_VOUCHER_USES, `At most ${MAX_VOUCHER_USES} uses`),
  validFrom: instant('Valid from'),
  validUntil: instant('Valid until'),
  /** Seats held for this voucher's buyers, taken out of sale for everyone else; one ticket type only. */
  reservedSeats: z
    .number({ error: 'Enter a number of seats' })
    .int('Enter a whole number of seats')
    .min(0, 'Reserved seats cannot be negative')
    .max(MAX_TICKET_CAPACITY, 'Too many seats'),
});

type VoucherFields = z.infer<typeof voucherFields>;

/** Cross-field rules shared by the single and bulk forms; messages land on the field. */
function refineVoucher(value: VoucherFields, ctx: z.RefinementCtx) {
  if (value.priceMode === 'percent' && (value.value < 1 || value.value > 99)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'Percent off is 1–99 (use comp for 100 %)' });
  }
  if (value.priceMode === 'set_price' && value.value < 100) {
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: 'A set price is at least ₹1 (100 paise); use comp for free',
    });
  }
  if (value.priceMode === 'subtract' && value.value < 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'Subtract at least ₹1 (100 paise)' });
  }
  if (value.validFrom && value.validUntil && Date.parse(value.validUntil) <= Date.parse(value.validFrom)) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Valid until must be after valid from' });
  }
  if (value.reservedSeats > 0 && value.ticketTypeIds.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['reservedSeats'],
      message: 'Seats can be reserved on one ticket type only',
    });
  }
  if (value.reservedSeats > value.maxUses) {
    ctx.addIssue({
      code: 'custom',
      path: ['reservedSeats'],
      message: 'Reserve at most as many seats as the voucher has uses',
    });
  }
  if (new Set(value.ticketTypeIds).size !== value.ticketTypeIds.length) {
    ctx.addIssue({ code: 'custom', path: ['ticketTypeIds'], message: 'Each ticket type only once' });
  }
}

/**
 * Body of `POST /api/admin/vouchers`: one code, or `count` codes generated as `prefix` + a
 * random part, all with the same terms.
 */
export const VoucherCreateSchema = z
  .discriminatedUnion('kind', [
    voucherFields.extend({ kind: z.literal('single'), code: VoucherCodeSchema }),
    voucherFields.extend({
      kind: z.literal('bulk'),
      prefix: safeString()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9-]{0,16}$/, 'A prefix is up to 16 letters, digits or hyphens'),
      count: z
        .number({ error: 'Enter how many codes' })
        .int('Enter a whole number')
        .min(1, 'At least one code')
        .max(MAX_VOUCHERS_PER_BATCH, `At most ${MAX_VOUCHERS_PER_BATCH} codes at once`),
    }),
  ])
  .superRefine(refineVoucher);
export type VoucherCreate = z.infer<typeof VoucherCreateSchema>;

/** One voucher as the console lists it, with its usage at the moment of the request. */
export const VoucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  ticketTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  priceMode: VoucherPriceModeSchema,
  value: z.number().int(),
  maxUses: z.number().int(),
  /** Seats of paid orders with this voucher. */
  used: z.number().int(),
  /** Seats of pending, unexpired orders with this voucher. */
  reserved: z.number().int(),
  reservedSeats: z.number().int(),
  validFrom: z.iso.datetime().nullable(),
  validUntil: z.iso.datetime().nullable(),
  disabledAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Voucher = z.infer<typeof VoucherSchema>;

/** The codes a create request made. */
export const VoucherCreatedSchema = z.object({ codes: z.array(z.string()) });
export type VoucherCreated = z.infer<typeof VoucherCreatedSchema>;

/** What a voucher does to one seat's price, in words, e.g. "₹200 off" (for lists and emails). */
export function describeVoucherPrice(mode: VoucherPriceMode, value: number): string {
  switch (mode) {
    case 'set_price':
      return `Price ${formatRupees(value)}`;
    case 'subtract':
      return `${formatRupees(value)} off`;
    case 'percent':
      return `${value}% off`;
    case 'comp':
      return 'Free (comp)';
  }
}
