/**
 * GST of orders: applies the organizer's settings and a ticket type's rate,
 * SAC and place-of-supply rule to a priced line (compute.ts), and keeps the result with the
 * order. Checkout, the public price quote and invoices all read tax from here, so the buyer,
 * the console and the invoice see the same paise.
 */
import {
  gstPriceLabel,
  gstStateName,
  isUnionTerritory,
  type GstInvoiceRequest,
  type PlaceOfSupplyRule,
  type TaxBreakdown,
} from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { getSettings, type TaxSettings } from '../settings/service.js';
import { computeTax, placeOfSupply } from './compute.js';
import { findOrderTax, insertOrderTax, type OrderTaxRow } from './repository.js';

export { computeTax, placeOfSupply, splitPart } from './compute.js';
export type { OrderTaxRow };

/** What of a ticket type decides its tax. */
export interface TaxedTicketType {
  sacCode: string;
  gstRateBp: number;
  placeOfSupply: PlaceOfSupplyRule;
}

/**
 * The tax of a line of `lineAmount` paise (price × seats, as priced by the orders module) of
 * a ticket type, for a buyer who gives GST details or not, under `settings` (`getSettings` of
 * the ticket type's edition, read by the caller: checkout reads them before its transaction, from the in-process copy).
 */
export function taxOfLine(
  settings: TaxSettings,
  ticketType: TaxedTicketType,
  lineAmount: number,
  buyer?: Pick<GstInvoiceRequest, 'gstin'> | null,
): TaxBreakdown & { supplierStateCode: string } {
  const breakdown = computeTax({
    amount: lineAmount,
    rateBp: ticketType.gstRateBp,
    pricesIncludeGst: settings.pricesIncludeGst,
    sacCode: ticketType.sacCode,
    supplierStateCode: settings.stateCode,
    placeOfSupplyCode: placeOfSupply(ticketType.placeOfSupply, settings.eventStateCode, buyer),
  });
  return { ...breakdown, supplierStateCode: settings.stateCode };
}

/**
 * How a ticket type of edition `eventId` reads on the public list: whether GST is in its price,
 * and at what rate.
 */
export async function priceGstOf(db: Executor, eventId: number) {
  const settings = await getSettings(db, eventId);
  return (ticketType: Pick<TaxedTicketType, 'gstRateBp'>) => ({
    pricesIncludeGst: settings.pricesIncludeGst,
    rateBp: ticketType.gstRateBp,
    label: gstPriceLabel(settings.pricesIncludeGst, ticketType.gstRateBp),
  });
}

/**
 * The insert that stores an order's tax and the buyer's GST details, not yet run: checkout
 * runs it in the statement that inserts the order (orders/repository.ts `insertOrder`), one
 * round trip for the three inserts while it holds the ticket type's lock.
 */
export function orderTaxInsert(
  tx: Executor,
  orderId: string,
  lineAmount: number,
  tax: TaxBreakdown & { supplierStateCode: string },
  buyer: GstInvoiceRequest | null | undefined,
) {
  return insertOrderTax(tx, {
    orderId,
    lineAmount,
    pricesIncludeGst: tax.pricesIncludeGst,
    rateBp: tax.rateBp,
    sacCode: tax.sacCode,
    supplierStateCode: tax.supplierStateCode,
    placeOfSupplyCode: tax.placeOfSupply.code,
    interState: tax.interState,
    taxable: tax.taxable,
    cgst: tax.cgst,
    sgst: tax.sgst,
    igst: tax.igst,
    total: tax.total,
    buyerCompanyName: buyer?.companyName ?? null,
    buyerGstin: buyer?.gstin ?? null,
    buyerAddress: buyer?.address ?? null,
    buyerStateCode: buyer?.stateCode ?? null,
  });
}

/**
 * An order's stored tax as a breakdown, with the buyer's GST details; undefined for orders from before
 * GST was recorded.
 */
export async function getOrderTax(db: Executor, orderId: string) {
  const row = await findOrderTax(db, orderId);
  return row && orderTaxOf(row);
}

/**
 * An order's tax row (`order_taxes`, read by the caller, e.g. joined to the order) as a
 * breakdown, with the buyer's GST details.
 */
export function orderTaxOf(row: OrderTaxRow) {
  const breakdown: TaxBreakdown = {
    pricesIncludeGst: row.pricesIncludeGst,
    rateBp: row.rateBp,
    sacCode: row.sacCode,
    placeOfSupply: {
      code: row.placeOfSupplyCode,
      name: gstStateName(row.placeOfSupplyCode) ?? row.placeOfSupplyCode,
    },
    interState: row.interState,
    stateTaxName: isUnionTerritory(row.supplierStateCode) ? 'UTGST' : 'SGST',
    taxable: row.taxable,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    total: row.total,
  };
  const buyer =
    row.buyerGstin && row.buyerCompanyName && row.buyerAddress && row.buyerStateCode
      ? {
          companyName: row.buyerCompanyName,
          gstin: row.buyerGstin,
          address: row.buyerAddress,
          stateCode: row.buyerStateCode,
        }
      : null;
  return { breakdown, buyer, supplierStateCode: row.supplierStateCode };
}
