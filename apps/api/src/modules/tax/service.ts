/**
 * GST of orders: applies the organizer's settings and a ticket type's rate,
 * SAC and place-of-supply rule to each priced line (compute.ts), and keeps the result with the
 * order: a header per order and a row per line (decision 029). Checkout, the public price
 * quote and invoices all read tax from here, so the buyer, the console and the invoice see the
 * same paise.
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
import {
  findOrderTax,
  insertLineTaxes,
  insertOrderTax,
  listLinesToRetax,
  listLineTaxes,
  updateOrderTax,
  type LineTaxRow,
  type OrderTaxRow,
} from './repository.js';

export { computeTax, gstOutOf, placeOfSupply, shareOut, splitPart } from './compute.js';
export type { LineTaxRow, OrderTaxRow };

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

/** A line to tax: its amount (paise, units × unit price as priced) and its ticket type. */
export interface LineToTax {
  ticketType: TaxedTicketType;
  amount: number;
}

/** The tax of an order as computed, in the shape it is stored: its header and its lines in order. */
export interface OrderTax {
  header: Omit<
    OrderTaxRow,
    'orderId' | 'buyerCompanyName' | 'buyerGstin' | 'buyerAddress' | 'buyerStateCode'
  >;
  lines: [LineTax, ...LineTax[]];
}
export type LineTax = Omit<LineTaxRow, 'orderId' | 'position'>;

/**
 * The tax of an order's lines (at least one), each by `taxOfLine`, and the order's header:
 * what is one for the order (prices with or without GST, the supplier's state, the place and
 * so the kind of supply) and the sums of the lines' amounts. Each line is rounded on its own
 * and the header only adds them up, never rounds again: an invoice states the taxable value,
 * rate and tax of each item (CGST Rules 2017 rule 46), so every invoice row is as checkout
 * computed it and the rows add up to the total paid.
 * @throws RangeError lines whose places of supply differ (an invoice states one place of
 *   supply, GSTR-1 reports an invoice under one), or an amount computeTax refuses
 */
export function taxOfLines(
  settings: TaxSettings,
  lines: [LineToTax, ...LineToTax[]],
  buyer?: Pick<GstInvoiceRequest, 'gstin'> | null,
): OrderTax {
  const tax = (line: LineToTax) => taxOfLine(settings, line.ticketType, line.amount, buyer);
  const [head, ...rest] = lines;
  const first = tax(head);
  const others = rest.map(tax);
  const taxed = [first, ...others];
  if (taxed.some((line) => line.placeOfSupply.code !== first.placeOfSupply.code)) {
    throw new RangeError('The lines of one order must share one place of supply');
  }
  const sum = (field: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') =>
    taxed.reduce((total, line) => total + line[field], 0);
  const lineTax = (line: typeof first): LineTax => ({
    rateBp: line.rateBp,
    sacCode: line.sacCode,
    taxable: line.taxable,
    cgst: line.cgst,
    sgst: line.sgst,
    igst: line.igst,
    total: line.total,
  });
  return {
    header: {
      pricesIncludeGst: first.pricesIncludeGst,
      supplierStateCode: first.supplierStateCode,
      placeOfSupplyCode: first.placeOfSupply.code,
      interState: first.interState,
      taxable: sum('taxable'),
      cgst: sum('cgst'),
      sgst: sum('sgst'),
      igst: sum('igst'),
      total: sum('total'),
    },
    lines: [lineTax(first), ...others.map(lineTax)],
  };
}

/**
 * The inserts that store an order's tax (its header with the buyer's GST details, and its
 * lines' tax at positions 0, 1, … as the order's lines are numbered), not yet run: checkout
 * runs them in the statement that inserts the order (orders/repository.ts `insertOrder`), one
 * round trip for every insert while it holds the ticket type's lock.
 */
export function orderTaxInserts(
  tx: Executor,
  orderId: string,
  tax: OrderTax,
  buyer: GstInvoiceRequest | null | undefined,
) {
  const [first, ...rest] = tax.lines;
  return [
    insertOrderTax(tx, {
      orderId,
      ...tax.header,
      buyerCompanyName: buyer?.companyName ?? null,
      buyerGstin: buyer?.gstin ?? null,
      buyerAddress: buyer?.address ?? null,
      buyerStateCode: buyer?.stateCode ?? null,
    }),
    insertLineTaxes(tx, [
      { ...first, orderId, position: 0 },
      ...rest.map((line, index) => ({ ...line, orderId, position: index + 1 })),
    ]),
  ];
}

/**
 * An order's tax as the buyer and the console see it: the header's place of supply, kind of
 * supply and sums, with the rate and SAC of `firstLine`, the order's first line (position 0).
 * While checkout sells one ticket type per order that line is all the order buys (decision 024);
 * an order of several lines lists each with `getOrderTax`.
 */
export function breakdownOf(
  header: OrderTax['header'],
  firstLine: Pick<LineTax, 'rateBp' | 'sacCode'>,
): TaxBreakdown {
  return {
    pricesIncludeGst: header.pricesIncludeGst,
    rateBp: firstLine.rateBp,
    sacCode: firstLine.sacCode,
    placeOfSupply: {
      code: header.placeOfSupplyCode,
      name: gstStateName(header.placeOfSupplyCode) ?? header.placeOfSupplyCode,
    },
    interState: header.interState,
    stateTaxName: isUnionTerritory(header.supplierStateCode) ? 'UTGST' : 'SGST',
    taxable: header.taxable,
    cgst: header.cgst,
    sgst: header.sgst,
    igst: header.igst,
    total: header.total,
  };
}

/**
 * An order's stored tax: the breakdown (`breakdownOf`), each line's tax with what the line
 * buys (units, unit price in paise, ticket type's name) in line order, and the buyer's GST
 * details; undefined for orders from before GST was recorded.
 */
export async function getOrderTax(db: Executor, orderId: string) {
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time.
  const row = await findOrderTax(db, orderId);
  const lines = await listLineTaxes(db, orderId);
  const [first] = lines;
  if (!row || !first) return undefined;
  return {
    ...orderTaxOf(row, first.tax),
    lines: lines.map(({ tax, ...line }) => ({ ...line, ...tax })),
  };
}

/**
 * An order's tax row (`order_taxes`) and its first line's (`order_line_taxes` at position 0),
 * read by the caller, e.g. joined to the order, as a breakdown (`breakdownOf`), with the
 * buyer's GST details.
 */
export function orderTaxOf(row: OrderTaxRow, firstLine: Pick<LineTax, 'rateBp' | 'sacCode'>) {
  const buyer =
    row.buyerGstin && row.buyerCompanyName && row.buyerAddress && row.buyerStateCode
      ? {
          companyName: row.buyerCompanyName,
          gstin: row.buyerGstin,
          address: row.buyerAddress,
          stateCode: row.buyerStateCode,
        }
      : null;
  return { breakdown: breakdownOf(row, firstLine), buyer, supplierStateCode: row.supplierStateCode };
}

/**
 * An order's tax computed again for other buyer GST details (`buyer`, or null for none), in the
 * caller's transaction, before its invoice is issued: each line keeps the amount, rate and SAC
 * checkout taxed and the order whether prices include GST and the supplier's state, so
 * only the place of supply (a `recipient` ticket type's follows the buyer's GSTIN) and so the
 * split between CGST + SGST and IGST can change. Nothing is written when the total would
 * change (rounding on the split can move it by a paisa), since the buyer pays that total.
 * @returns the stored breakdown before and the new one, and whether it was written; undefined
 *   for an order from before GST was recorded
 */
export async function retaxForBuyer(
  tx: Executor,
  orderId: string,
  settings: TaxSettings,
  buyer: GstInvoiceRequest | null,
) {
  const stored = await findOrderTax(tx, orderId);
  const [head, ...rest] = await listLinesToRetax(tx, orderId);
  if (!stored || !head) return undefined;
  const asChecked = {
    ...settings,
    pricesIncludeGst: stored.pricesIncludeGst,
    stateCode: stored.supplierStateCode,
  };
  // The amount checkout taxed: the line's price with GST in it, or before GST. Not the line's
  // amount now, which an attendee cancelled from the order (modules/order-changes) lowered.
  const toTax = (line: typeof head): LineToTax => ({
    amount: stored.pricesIncludeGst ? line.total : line.taxable,
    ticketType: { sacCode: line.sacCode, gstRateBp: line.rateBp, placeOfSupply: line.placeOfSupply },
  });
  const tax = taxOfLines(asChecked, [toTax(head), ...rest.map(toTax)], buyer);
  const written = tax.header.total === stored.total;
  if (written) {
    await updateOrderTax(
      tx,
      orderId,
      {
        ...tax.header,
        buyerCompanyName: buyer?.companyName ?? null,
        buyerGstin: buyer?.gstin ?? null,
        buyerAddress: buyer?.address ?? null,
        buyerStateCode: buyer?.stateCode ?? null,
      },
      tax.lines.map((line, index) => ({ ...line, position: [head, ...rest][index]!.position })),
    );
  }
  return { before: stored, after: tax.header, written };
}

/**
 * Stores `tax` as the tax of line `position` of an order (its ticket changed: modules/
 * order-changes), in the caller's transaction, and moves the order's header by the line's
 * difference, so the header stays the sum of its lines (decision 029). The buyer's GST details,
 * the place of supply and whether prices include GST stay as they were; the caller has checked
 * that the new line shares the order's place of supply.
 * @throws RangeError the order has no stored tax, or no tax of that line
 */
export async function replaceLineTax(
  tx: Executor,
  orderId: string,
  position: number,
  tax: LineTax,
): Promise<void> {
  const header = await findOrderTax(tx, orderId);
  const oldTax = (await listLineTaxes(tx, orderId)).find((line) => line.tax.position === position)?.tax;
  if (!header || !oldTax) throw new RangeError(`Order ${orderId} has no tax of line ${position}`);
  const moved = (field: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') =>
    header[field] + tax[field] - oldTax[field];
  await updateOrderTax(
    tx,
    orderId,
    {
      ...header,
      taxable: moved('taxable'),
      cgst: moved('cgst'),
      sgst: moved('sgst'),
      igst: moved('igst'),
      total: moved('total'),
    },
    [{ ...tax, position }],
  );
}

type Amounts = Pick<LineTax, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>;

/**
 * One unit of an order's line `from.position` moved to a new line `to.position` (one attendee
 * of a group changed ticket: modules/order-changes), in the caller's transaction: the old
 * line's tax loses `from.unit` (the unit's share of it, paise split as `splitPart` gives), the
 * new line is taxed `to.tax`, and the order's header moves by their difference, so it stays the
 * sum of its lines (decision 029). The caller has written the new line and checked that it
 * shares the order's place of supply.
 * @throws RangeError the order has no stored tax, or no tax of line `from.position`
 */
export async function splitLineTax(
  tx: Executor,
  orderId: string,
  from: { position: number; unit: Amounts },
  to: { position: number; tax: LineTax },
): Promise<void> {
  const header = await findOrderTax(tx, orderId);
  const oldTax = (await listLineTaxes(tx, orderId)).find((line) => line.tax.position === from.position)?.tax;
  if (!header || !oldTax) throw new RangeError(`Order ${orderId} has no tax of line ${from.position}`);
  const fields = ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const;
  const moved = (of: Amounts, by: (field: (typeof fields)[number]) => number) =>
    Object.fromEntries(fields.map((field) => [field, of[field] + by(field)])) as Amounts;
  await updateOrderTax(
    tx,
    orderId,
    { ...header, ...moved(header, (field) => to.tax[field] - from.unit[field]) },
    [{ ...oldTax, ...moved(oldTax, (field) => -from.unit[field]) }],
  );
  await insertLineTaxes(tx, [{ ...to.tax, orderId, position: to.position }]);
}
