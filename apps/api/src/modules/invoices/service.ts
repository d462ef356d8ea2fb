/**
 * Tax invoices and credit notes (CGST Rules 2017 rules 46 and 53). Paying an
 * order issues its invoice in the payment's transaction (`subscribeToOrders`); an organizer's
 * refund issues a credit note citing it, for the refunded amount with its tax split
 * (`issueCreditNote`, called by the payments module). Documents are numbered in
 * the series of the order's edition's `invoicePrefix`, consecutively per kind, prefix and
 * financial year (rule 46(b)), under the sequence row's lock, keep the supplier's and
 * recipient's details as they were, and are never changed (a database trigger refuses it).
 *
 * No invoice is issued while the organizer's settings have no GSTIN: a supplier without a
 * GSTIN cannot issue a tax invoice. Orders placed before GST was recorded have no invoice.
 */
import type { InvoiceListQuery, InvoicePage, OrderGst, TaxDocumentSummary } from '@festival/shared';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { Executor } from '../../db/client.js';
import type { OrderHooks } from '../orders/service.js';
import type { TaxSettings } from '../settings/service.js';
import { getOrderTax, splitPart } from '../tax/service.js';
import { documentNumber, financialYearOf, type DocumentKind } from './numbering.js';
import { renderTaxDocumentPdf } from './pdf.js';
import * as repository from './repository.js';

export type { TaxDocumentRow } from './repository.js';

/** What of an order an invoice needs. */
export interface InvoicedOrder {
  id: string;
  reference: string;
  quantity: number;
  ticketName: string;
  /** The order's edition's name, which the invoice says the service is admission to. */
  eventName: string;
  /** The order's edition's `invoicePrefix`: the series the invoice is numbered in. */
  invoicePrefix: string;
  buyer: { name: string; email: string };
}

async function numberFor(tx: Executor, kind: DocumentKind, prefix: string, now: Date) {
  const financialYear = financialYearOf(now);
  const sequence = await repository.nextSequence(tx, kind, prefix, financialYear);
  return { prefix, financialYear, sequence, number: documentNumber(kind, prefix, financialYear, sequence) };
}

/**
 * Subscribes invoices to paid orders (orders/hooks.ts): a paid order's tax invoice is issued
 * in the paying transaction, so a payment that rolls back gives its number back and two
 * payments never share one. Subscribe it last: the number's sequence row stays
 * locked until commit and every paid order waits for it. A free order (a comp voucher) has no
 * consideration, so no tax invoice and no number spent on it.
 */
export function subscribeToOrders(hooks: OrderHooks): void {
  hooks.onOrderPaid(async (tx, { order, settings, now }) => {
    const [buyer] = order.attendees;
    if (!buyer || order.amount === 0) return;
    await issueInvoice(
      tx,
      {
        id: order.id,
        reference: order.reference,
        quantity: order.quantity,
        ticketName: order.ticketName,
        eventName: order.eventName,
        invoicePrefix: order.invoicePrefix,
        buyer,
      },
      now,
      settings,
    );
  });
}

/**
 * Issues the tax invoice of a just-paid order in the caller's transaction, under `settings`
 * (`getSettings`, read by the caller before its transaction). Undefined when no invoice can be
 * issued (no GSTIN in the settings, or no tax recorded for the order) or the order has one
 * already.
 */
export async function issueInvoice(
  tx: Executor,
  order: InvoicedOrder,
  now: Date,
  settings: TaxSettings,
): Promise<repository.TaxDocumentRow | undefined> {
  if (!settings.gstin) return undefined;
  const tax = await getOrderTax(tx, order.id);
  if (!tax) return undefined;
  if (await repository.findInvoiceOfOrder(tx, order.id)) return undefined;
  const { breakdown, buyer } = tax;
  return repository.insertTaxDocument(tx, {
    kind: 'invoice',
    ...(await numberFor(tx, 'invoice', order.invoicePrefix, now)),
    orderId: order.id,
    issuedAt: now,
    supplier: {
      legalName: settings.legalName,
      address: settings.address,
      stateCode: settings.stateCode,
      gstin: settings.gstin,
    },
    recipient: {
      name: buyer?.companyName ?? order.buyer.name,
      email: order.buyer.email,
      gstin: buyer?.gstin ?? null,
      address: buyer?.address ?? null,
      stateCode: buyer?.stateCode ?? null,
    },
    // What the service is (rule 46(g)): the ticket, of which edition, for which order.
    description: `${order.ticketName}, ${order.eventName} (order ${order.reference})`,
    quantity: order.quantity,
    sacCode: breakdown.sacCode,
    rateBp: breakdown.rateBp,
    placeOfSupplyCode: breakdown.placeOfSupply.code,
    interState: breakdown.interState,
    stateTaxName: breakdown.stateTaxName,
    taxable: breakdown.taxable,
    cgst: breakdown.cgst,
    sgst: breakdown.sgst,
    igst: breakdown.igst,
    total: breakdown.total,
  });
}

/**
 * Issues a credit note for `refund.amount` paise of an order's invoice, in the refund's
 * transaction: GST is taken out of the refunded amount at the invoice's rate and supply
 * type; the credit note that brings the credited total to the invoice's total takes exactly
 * what is left of each tax, so an invoice's credit notes never exceed it. Undefined when the
 * order has no invoice.
 */
export async function issueCreditNote(
  tx: Executor,
  orderId: string,
  refund: { id: string; amount: number },
  now: Date,
): Promise<repository.TaxDocumentRow | undefined> {
  const invoice = await repository.findInvoiceOfOrder(tx, orderId);
  if (!invoice) return undefined;
  const credited = await repository.listCreditNotesOf(tx, invoice.id);
  const sum = (field: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') =>
    invoice[field] - credited.reduce((total, note) => total + note[field], 0);
  const left = {
    rateBp: invoice.rateBp,
    interState: invoice.interState,
    taxable: sum('taxable'),
    cgst: sum('cgst'),
    sgst: sum('sgst'),
    igst: sum('igst'),
    total: sum('total'),
  };
  if (refund.amount > left.total) {
    throw new RangeError(
      `Refund of ${refund.amount} paise is more than the ${left.total} paise not yet credited`,
    );
  }
  const part = splitPart(refund.amount, left);
  // The order's edition's series as it stands now: a prefix changed since the invoice
  // numbers the credit notes issued from then on.
  const prefix = await repository.invoicePrefixOfOrder(tx, orderId);
  return repository.insertTaxDocument(tx, {
    kind: 'credit_note',
    ...(await numberFor(tx, 'credit_note', prefix, now)),
    orderId,
    refundId: refund.id,
    invoiceId: invoice.id,
    issuedAt: now,
    supplier: invoice.supplier,
    recipient: invoice.recipient,
    description: invoice.description,
    quantity: invoice.quantity,
    sacCode: invoice.sacCode,
    rateBp: invoice.rateBp,
    placeOfSupplyCode: invoice.placeOfSupplyCode,
    interState: invoice.interState,
    stateTaxName: invoice.stateTaxName,
    ...part,
  });
}

/** An invoice row (read by the caller, joined to its order) as the order summary shows it; null for none. */
export function invoiceSummaryOf(invoice: repository.TaxDocumentRow | null | undefined) {
  return invoice ? { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() } : null;
}

/** The invoice PDF of an order, with its number and file name; undefined when it has none. */
export async function invoicePdfOfOrder(db: Executor, orderId: string) {
  return invoicePdfOf(await repository.findInvoiceOfOrder(db, orderId));
}

/** The PDF of an invoice row (read by the caller), with its number and file name; undefined for none. */
export async function invoicePdfOf(invoice: repository.TaxDocumentRow | null | undefined) {
  if (!invoice) return undefined;
  return { number: invoice.number, fileName: fileNameOf(invoice), pdf: await renderTaxDocumentPdf(invoice) };
}

/** A document's PDF by id (console), with its file name; undefined when unknown. */
export async function taxDocumentPdf(db: Executor, id: string) {
  const document = await repository.findTaxDocument(db, id);
  if (!document) return undefined;
  const invoice = document.invoiceId ? await repository.findTaxDocument(db, document.invoiceId) : undefined;
  return { fileName: fileNameOf(document), pdf: await renderTaxDocumentPdf(document, invoice) };
}

/** `invoice-SFG-2425-1.pdf`, `credit-note-SFG-2425-C1.pdf`. */
export function fileNameOf(document: Pick<repository.TaxDocumentRow, 'kind' | 'number'>): string {
  const kind = document.kind === 'credit_note' ? 'credit-note' : 'invoice';
  return `${kind}-${document.number.replace(/\//g, '-')}.pdf`;
}

/** An order's GST for the console's order detail: its breakdown, the buyer's GSTIN, its documents. */
export async function orderGst(db: Executor, orderId: string): Promise<OrderGst> {
  const [tax, rows] = await Promise.all([
    getOrderTax(db, orderId),
    repository.listDocumentsOfOrder(db, orderId),
  ]);
  return {
    tax: tax?.breakdown ?? null,
    buyerGstin: tax?.buyer?.gstin ?? null,
    documents: rows.map(toDocumentSummary),
  };
}

/** Start of a day in India time (YYYY-MM-DD), as an instant. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00+05:30`);
const dayAfter = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000);

/** The console's list of documents, newest first, filtered, page by page. */
export async function listInvoices(db: Executor, query: InvoiceListQuery): Promise<InvoicePage> {
  const rows = await repository.pageTaxDocuments(db, {
    kind: query.kind,
    from: query.from ? startOfDay(query.from) : undefined,
    to: query.to ? dayAfter(query.to) : undefined,
    b2b: query.recipient === undefined ? undefined : query.recipient === 'b2b',
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toDocumentSummary),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ createdAt: last.cursorAt, id: last.document.id })
        : null,
  };
}

/** A document as the console lists it. */
export function toDocumentSummary({
  document: row,
  reference,
}: repository.ListedDocument): TaxDocumentSummary {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    orderReference: reference,
    recipientName: row.recipient.name,
    recipientGstin: row.recipient.gstin,
    placeOfSupply: row.placeOfSupplyCode,
    rateBp: row.rateBp,
    taxable: row.taxable,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    total: row.total,
  };
}

/**
 * How many tax invoices and credit notes name `email` as recipient. They are kept as issued
 * when personal data is erased: GST law requires the records for 72 months (CGST Act §36).
 */
export async function countTaxDocumentsOfRecipient(db: Executor, email: string): Promise<number> {
  return repository.countDocumentsOfRecipient(db, email);
}
