/**
 * GST of an amount, pure and in integer paise. Applied to a line total (price ×
 * seats) after the order module has priced it, so pricing and tax stay separate steps.
 *
 * Rounding rule: each tax is rounded half up to the paisa once, on the line total (never per
 * seat), and CGST and SGST are each half the rate on the same taxable value, so they are
 * always equal. For GST-inclusive prices the taxable value is the price divided by (1 + rate),
 * rounded half up, the taxes are computed on it as above, and the taxable value is then the
 * price minus the taxes: the buyer pays exactly the price shown. CGST Act 2017 s.170 rounds
 * the tax *payable* to the rupee in the return, not on invoices, so invoices keep paise.
 *
 * Place of supply (IGST Act 2017 s.12): admission to an event (s.12(6)) is supplied where the
 * event is held; organising services to a registered business (s.12(7)(a), stall packages)
 * where the buyer is registered, and where the event is held for a buyer without a GSTIN.
 * Supply within the supplier's state bears CGST + SGST (UTGST in a union territory without a
 * legislature), across states IGST (IGST Act s.7–8).
 */
import { gstStateName, isUnionTerritory, type PlaceOfSupplyRule, type TaxBreakdown } from '@festival/shared';

const BP = 10_000;

/** `numerator / denominator` rounded half up, for non-negative integers. */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The state code where a ticket type is supplied: the buyer's registered state for a
 * `recipient` ticket type bought with a GSTIN, else the state where the event is held.
 */
export function placeOfSupply(
  rule: PlaceOfSupplyRule,
  eventStateCode: string,
  buyer?: { gstin: string } | null,
): string {
  if (rule === 'recipient' && buyer) return buyer.gstin.slice(0, 2);
  return eventStateCode;
}

export interface TaxInput {
  /** Paise: the price of the line as listed (GST included or not, as `pricesIncludeGst` says). */
  amount: number;
  /** Basis points: 1800 = 18 %. */
  rateBp: number;
  pricesIncludeGst: boolean;
  sacCode: string;
  supplierStateCode: string;
  placeOfSupplyCode: string;
}

/** The taxes of a taxable value; equal CGST and SGST halves within a state, else IGST. */
function taxesOn(taxable: number, rateBp: number, interState: boolean) {
  if (interState) return { cgst: 0, sgst: 0, igst: divideHalfUp(taxable * rateBp, BP) };
  const half = divideHalfUp(taxable * rateBp, 2 * BP);
  return { cgst: half, sgst: half, igst: 0 };
}

/**
 * The breakdown of a line: taxable value, CGST/SGST or IGST and the total payable, by the
 * rounding rule above. @throws RangeError for a negative or fractional amount or rate
 */
export function computeTax(input: TaxInput): TaxBreakdown {
  const { amount, rateBp } = input;
  if (!Number.isSafeInteger(amount) || amount < 0 || !Number.isInteger(rateBp) || rateBp < 0) {
    throw new RangeError('amount and rate must be non-negative integers');
  }
  const interState = input.placeOfSupplyCode !== input.supplierStateCode;
  const base = input.pricesIncludeGst ? divideHalfUp(amount * BP, BP + rateBp) : amount;
  const taxes = taxesOn(base, rateBp, interState);
  const tax = taxes.cgst + taxes.sgst + taxes.igst;
  const taxable = input.pricesIncludeGst ? amount - tax : amount;
  return {
    pricesIncludeGst: input.pricesIncludeGst,
    rateBp,
    sacCode: input.sacCode,
    placeOfSupply: {
      code: input.placeOfSupplyCode,
      name: gstStateName(input.placeOfSupplyCode) ?? input.placeOfSupplyCode,
    },
    interState,
    stateTaxName: isUnionTerritory(input.supplierStateCode) ? 'UTGST' : 'SGST',
    taxable,
    ...taxes,
    total: taxable + tax,
  };
}

/**
 * The tax split of part of a document's total (a refund, for its credit note): the part is an
 * amount paid, so GST is taken out of it at the document's rate and supply type. When the part
 * is everything not yet credited, `remaining` is returned as it is, so the credit notes of an
 * invoice add up to it exactly.
 */
export function splitPart(
  part: number,
  of: Pick<TaxBreakdown, 'rateBp' | 'interState' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>,
): Pick<TaxBreakdown, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'> {
  if (part === of.total) {
    return { taxable: of.taxable, cgst: of.cgst, sgst: of.sgst, igst: of.igst, total: of.total };
  }
  return gstOutOf(part, of.rateBp, of.interState);
}

/**
 * The taxable value and GST in `amount` paise that include GST at `rateBp` (basis points), as
 * CGST + SGST or as IGST: the difference of a changed ticket, for its credit or debit note.
 */
export function gstOutOf(
  amount: number,
  rateBp: number,
  interState: boolean,
): Pick<TaxBreakdown, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'> {
  const base = divideHalfUp(amount * BP, BP + rateBp);
  const taxes = taxesOn(base, rateBp, interState);
  const taxable = amount - taxes.cgst - taxes.sgst - taxes.igst;
  return { taxable, ...taxes, total: amount };
}

/**
 * `amount` paise shared out in proportion to `weights` (paise, non-negative integers): each
 * share is rounded down and the paise left over go one each to the shares that rounding cut
 * most, the earlier first on a tie (the largest remainder method). The shares add up to
 * `amount` exactly, none passes its weight while `amount` is at most the weights' sum, and
 * when `amount` is that sum each share is its weight. A refund of part of an order of several
 * lines is shared so over the lines, for its credit note. Products are taken in BigInt: paise
 * times paise pass 2^53.
 * @throws RangeError a negative or fractional amount or weight, or a non-zero amount over no weight
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const integers = [amount, ...weights];
  if (integers.some((value) => !Number.isSafeInteger(value) || value < 0)) {
    throw new RangeError('amount and weights must be non-negative integers');
  }
  const whole = BigInt(weights.reduce((sum, weight) => sum + weight, 0));
  if (whole === 0n) {
    if (amount === 0) return weights.map(() => 0);
    throw new RangeError('a non-zero amount cannot be shared over no weight');
  }
  const exact = weights.map((weight) => BigInt(amount) * BigInt(weight));
  const shares = exact.map((product) => Number(product / whole));
  const left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((product, index) => ({ index, remainder: product % whole }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  // Fewer paise are left than there are shares: each rounded down by less than one.
  const roundedUp = new Set(byRemainder.slice(0, left).map(({ index }) => index));
  return shares.map((share, index) => share + (roundedUp.has(index) ? 1 : 0));
}
