/**
 * Tax invoices, credit notes and debit notes (CGST Rules 2017 rules 46 and 53). Paying an
 * order issues its invoice in the payment's transaction (`subscribeToOrders`), a line per order
 * line with the tax checkout computed for it (decision 029); an organizer's refund issues a
 * credit note citing it, for the refunded amount with its tax split over the invoice's lines
 * (`issueCreditNote`, called by the payments module); a ticket changed to a dearer one issues a
 * debit note for the difference (`issueDebitNote`, modules/order-changes). Documents are numbered in
 * the series of the order's edition's `invoicePrefix`, consecutively per kind, prefix and
 * financial year (rule 46(b)), under the sequence row's lock, keep the supplier's and
 * recipient's details as they were, and are never changed (a database trigger refuses it).
 *
 * No invoice is issued while the organizer's settings have no GSTIN: a supplier without a
 * GSTIN cannot issue a tax invoice. Orders placed before GST was recorded have no invoice.
 */
import type { InvoiceListQuery, InvoicePage, OrderGst, TaxDocumentSummary } from '@festival/shared';
import { decodeCursor, pageOf } from '../../lib/cursor.js';
import type { Executor } from '../../db/client.js';
import type { OrderHooks } from '../orders/service.js';
import type { TaxSettings } from '../settings/service.js';
import { getOrderTax, gstOutOf, shareOut, splitPart } from '../tax/service.js';
import { documentNumber, financialYearOf, type DocumentKind } from './numbering.js';
import { renderTaxDocumentPdf } from './pdf.js';
import * as repository from './repository.js';

export type { TaxDocument, TaxDocumentRow } from './repository.js';

/** What of an order an invoice needs. */
export interface InvoicedOrder {
  id: string;
  reference: string;
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
 * (`getSettings`, read by the caller before its transaction): a line per order line, with the
 * tax checkout stored for it, and the order's sums. Undefined when no invoice can be issued (no
 * GSTIN in the settings, or no tax recorded for the order) or the order has one already.
 */
export async function issueInvoice(
  tx: Executor,
  order: InvoicedOrder,
  now: Date,
  settings: TaxSettings,
): Promise<repository.TaxDocument | undefined> {
  if (!settings.gstin) return undefined;
  const tax = await getOrderTax(tx, order.id);
  if (!tax) return undefined;
  if (await repository.findInvoiceOfOrder(tx, order.id)) return undefined;
  const { breakdown, buyer } = tax;
  const [first, ...rest] = tax.lines.map((line) => ({
    position: line.position,
    // What the service is (rule 46(g)): the ticket, of which edition, for which order.
    description: `${line.ticketName}, ${order.eventName} (order ${order.reference})`,
    sacCode: line.sacCode,
    quantity: line.quantity,
    rateBp: line.rateBp,
    taxable: line.taxable,
    cgst: line.cgst,
    sgst: line.sgst,
    igst: line.igst,
    total: line.total,
  }));
  // Never taken: getOrderTax answers an order's tax only with its lines.
  if (!first) return undefined;
  return repository.insertTaxDocument(
    tx,
    {
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
      placeOfSupplyCode: breakdown.placeOfSupply.code,
      interState: breakdown.interState,
      stateTaxName: breakdown.stateTaxName,
      taxable: breakdown.taxable,
      cgst: breakdown.cgst,
      sgst: breakdown.sgst,
      igst: breakdown.igst,
      total: breakdown.total,
    },
    [first, ...rest],
  );
}

type Amounts = Pick<repository.TaxDocumentLineRow, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>;
const AMOUNTS = ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const;
const sumOf = (rows: Amounts[]) =>
  Object.fromEntries(
    AMOUNTS.map((field) => [field, rows.reduce((sum, row) => sum + row[field], 0)]),
  ) as Amounts;

/**
 * An order's invoice and what of each of its lines is not yet credited: the line's amounts,
 * plus those of the debit notes' lines of its position (an upgrade raised its value), less
 * those of the credit notes' lines. Undefined when the order has no invoice.
 */
async function invoiceLeft(tx: Executor, orderId: string) {
  const invoice = await repository.findInvoiceOfOrder(tx, orderId);
  if (!invoice) return undefined;
  const notes = await repository.listNotesOf(tx, invoice.id);
  const linesOf = (kind: DocumentKind) =>
    notes.filter((note) => note.kind === kind).flatMap((note) => note.lines);
  const credited = linesOf('credit_note');
  const debited = linesOf('debit_note');
  const left = invoice.lines.map((line) => {
    const ofLine = (rows: (Amounts & { position: number })[]) =>
      sumOf(rows.filter((row) => row.position === line.position));
    const [creditedOfLine, debitedOfLine] = [ofLine(credited), ofLine(debited)];
    const remaining = Object.fromEntries(
      AMOUNTS.map((field) => [field, line[field] + debitedOfLine[field] - creditedOfLine[field]]),
    ) as Amounts;
    return { line, remaining };
  });
  return { invoice, left, leftTotal: invoice.total + sumOf(debited).total - sumOf(credited).total };
}

/**
 * Issues a credit note for `refund.amount` paise of an order's invoice, in the refund's
 * transaction. What is not yet credited of each invoice line is its amounts, plus its debit
 * notes', less those of the earlier credit notes' lines of the same position. The refund is
 * shared over the lines in proportion to what is left of each (`shareOut`; an order of one line
 * takes it all), and GST is taken out of each line's share at that line's rate and the
 * invoice's supply type; a line's share that is everything left of it takes exactly what is
 * left of each tax, so an invoice's credit notes never exceed it and its debit notes, line by
 * line. A line given nothing is left out. The credit note's amounts are the sums of its lines.
 * Undefined when the order has no invoice.
 * Given `only.position`, the refund is for that invoice line alone (one attendee cancelled from
 * it, or a ticket changed to a cheaper one): it all goes to that line, which must have that much
 * not yet credited, and `only.quantity`, when given, is its Qty (one attendee: 1).
 * @throws RangeError a refund of more than is not yet credited, or of nothing
 */
export async function issueCreditNote(
  tx: Executor,
  orderId: string,
  refund: { id: string; amount: number },
  now: Date,
  only?: { position: number; description?: string; quantity?: number },
): Promise<repository.TaxDocument | undefined> {
  const found = await invoiceLeft(tx, orderId);
  if (!found) return undefined;
  const { invoice, left, leftTotal } = found;
  if (refund.amount > leftTotal) {
    throw new RangeError(
      `Refund of ${refund.amount} paise is more than the ${leftTotal} paise not yet credited`,
    );
  }
  const lineLeft = left.find(({ line }) => line.position === only?.position)?.remaining.total ?? 0;
  if (only !== undefined && refund.amount > lineLeft) {
    throw new RangeError(
      `Refund of ${refund.amount} paise is more than the ${lineLeft} paise not yet credited of line ${only.position}`,
    );
  }
  const shares = shareOut(
    refund.amount,
    left.map(({ line, remaining }) =>
      only === undefined || line.position === only.position ? remaining.total : 0,
    ),
  );
  const lines = left
    .map(({ line, remaining }, index) => ({
      position: line.position,
      description: (only?.position === line.position ? only.description : undefined) ?? line.description,
      sacCode: line.sacCode,
      quantity:
        (only?.position === line.position ? only.quantity : undefined) ??
        creditedQuantity(shares[index]!, line),
      rateBp: line.rateBp,
      ...splitPart(shares[index]!, { rateBp: line.rateBp, interState: invoice.interState, ...remaining }),
    }))
    .filter((line) => AMOUNTS.some((field) => line[field] !== 0));
  const [first, ...rest] = lines;
  if (!first) throw new RangeError('A credit note must credit something');
  // The order's edition's series as it stands now: a prefix changed since the invoice
  // numbers the credit notes issued from then on.
  const prefix = await repository.invoicePrefixOfOrder(tx, orderId);
  return repository.insertTaxDocument(
    tx,
    {
      kind: 'credit_note',
      ...(await numberFor(tx, 'credit_note', prefix, now)),
      orderId,
      refundId: refund.id,
      invoiceId: invoice.id,
      issuedAt: now,
      supplier: invoice.supplier,
      recipient: invoice.recipient,
      placeOfSupplyCode: invoice.placeOfSupplyCode,
      interState: invoice.interState,
      stateTaxName: invoice.stateTaxName,
      ...sumOf(lines),
    },
    [first, ...rest],
  );
}

/**
 * Issues a debit note (CGST Act 2017 s.34(3): the taxable value of a supply raised after its
 * invoice) for `amount` paise, GST included, of line `position` of an order's invoice, in the
 * caller's transaction: an attendee's ticket changed to a dearer one. GST is taken out at that
 * line's rate and the invoice's supply type; the supplier, recipient and place of supply are the
 * invoice's. Numbered in its own series of the order's edition. Undefined when the order has no
 * invoice.
 * @throws RangeError no invoice line at `position`, or an amount that is not positive
 */
export async function issueDebitNote(
  tx: Executor,
  orderId: string,
  debit: { amount: number; position: number; description: string },
  now: Date,
): Promise<repository.TaxDocument | undefined> {
  const invoice = await repository.findInvoiceOfOrder(tx, orderId);
  if (!invoice) return undefined;
  const line = invoice.lines.find((row) => row.position === debit.position);
  if (!line || debit.amount <= 0) throw new RangeError('A debit note must raise an invoiced line');
  const raised = {
    position: line.position,
    description: debit.description,
    sacCode: line.sacCode,
    quantity: 1,
    rateBp: line.rateBp,
    ...gstOutOf(debit.amount, line.rateBp, invoice.interState),
  };
  const prefix = await repository.invoicePrefixOfOrder(tx, orderId);
  return repository.insertTaxDocument(
    tx,
    {
      kind: 'debit_note',
      ...(await numberFor(tx, 'debit_note', prefix, now)),
      orderId,
      invoiceId: invoice.id,
      issuedAt: now,
      supplier: invoice.supplier,
      recipient: invoice.recipient,
      placeOfSupplyCode: invoice.placeOfSupplyCode,
      interState: invoice.interState,
      stateTaxName: invoice.stateTaxName,
      ...sumOf([raised]),
    },
    [raised],
  );
}

/**
 * The position of the invoice line that bills an order's line `line`: its own; for a line added
 * after the invoice (an attendee moved out of a group by a change of ticket, which keeps the
 * rate and SAC: decision 031), the first invoice line of its rate and SAC, whose notes then
 * state its changes. Undefined when the order has no invoice.
 */
export async function invoicePositionOf(
  db: Executor,
  orderId: string,
  line: { position: number; rateBp: number; sacCode: string },
): Promise<number | undefined> {
  const invoice = await repository.findInvoiceOfOrder(db, orderId);
  if (!invoice) return undefined;
  const own = invoice.lines.find((row) => row.position === line.position);
  const sameSupply = invoice.lines.find((row) => row.rateBp === line.rateBp && row.sacCode === line.sacCode);
  return (own ?? sameSupply)?.position;
}

/** The number of an order's tax invoice, or null when none was issued. */
export async function invoiceNumberOfOrder(db: Executor, orderId: string): Promise<string | null> {
  return (await repository.findInvoiceOfOrder(db, orderId))?.number ?? null;
}

/**
 * The units a credit note's line credits, for its Qty column: the whole number of the invoice
 * line's units that `credit` (paise, with tax) pays back, so a refund of one pass of two says 1;
 * when it is no whole number of units (a goodwill amount, or a refund shared over several lines)
 * the line's quantity, the credit being spread over each of its units.
 */
export function creditedQuantity(credit: number, line: { quantity: number; total: number }): number {
  const units = Math.round((credit * line.quantity) / line.total);
  // A unit's total may not divide into whole paise: allow a paisa of rounding per unit.
  const exact =
    units >= 1 && Math.abs(credit * line.quantity - units * line.total) <= line.quantity * line.quantity;
  return exact ? units : line.quantity;
}

/** An invoice row (read by the caller, joined to its order) as the order summary shows it; null for none. */
export function invoiceSummaryOf(invoice: repository.TaxDocumentRow | null | undefined) {
  return invoice ? { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() } : null;
}

/** The invoice PDF of an order, with its number and file name; undefined when it has none. */
export async function invoicePdfOfOrder(db: Executor, orderId: string) {
  return pdfOfInvoice(await repository.findInvoiceOfOrder(db, orderId));
}

/**
 * The PDF of an invoice row (read by the caller, e.g. joined to its order; its lines are read
 * here), with its number and file name; undefined for none.
 */
export async function invoicePdfOf(db: Executor, invoice: repository.TaxDocumentRow | null | undefined) {
  if (!invoice) return undefined;
  const [withLines] = await repository.withLines(db, [invoice]);
  return pdfOfInvoice(withLines);
}

async function pdfOfInvoice(invoice: repository.TaxDocument | undefined) {
  if (!invoice) return undefined;
  return { number: invoice.number, fileName: fileNameOf(invoice), pdf: await renderTaxDocumentPdf(invoice) };
}

/** The PDF of the credit note issued for a refund, with its file name; undefined for none. */
export async function creditNotePdfOfRefund(db: Executor, refundId: string) {
  const id = await repository.findCreditNoteIdOfRefund(db, refundId);
  return id === undefined ? undefined : taxDocumentPdf(db, id);
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
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({
    createdAt: row.cursorAt,
    id: row.document.id,
  }));
  return { items: page.map(toDocumentSummary), nextCursor };
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
    // The first line's, as the order's breakdown (decision 029): while checkout sells one
    // ticket type per order that line is all a document bills.
    rateBp: row.lines[0].rateBp,
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
