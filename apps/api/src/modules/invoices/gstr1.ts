/**
 * GSTR-1 friendly rows of the tax documents, for the console's CSV/XLSX export
 * through the exports libraries (lib/csv.ts, lib/xlsx.ts). Column names follow the GST
 * offline tool's B2B, B2CS and CDNR sheets, so a tax adviser can paste them: a B2B or CDNR row
 * per document and GST rate (its lines at that rate summed, the document's value on each, as
 * the tool takes it), B2CS rows summed by place of supply and rate from the lines (decision
 * 029). Rupees with two decimals; dates as the tool writes them (20-Oct-2024).
 */
import type { Readable } from 'node:stream';
import { EVENT_TIME_ZONE, gstStateName, type Gstr1ExportQuery } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { csvStream, type CsvColumn } from '../../lib/csv.js';
import { xlsxStream } from '../../lib/xlsx.js';
import { sumsByRate, type RateSums } from './rates.js';
import * as repository from './repository.js';

const rupees = (paise: number) => Number((paise / 100).toFixed(2));
const rate = (rateBp: number) => rateBp / 100;
const place = (code: string) => `${code}-${gstStateName(code) ?? code}`;

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: EVENT_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const gstDate = (instant: Date) => dateParts.format(instant).replace(/ /g, '-');

type Row = repository.TaxDocument;
/** A document's lines at one rate, summed: one B2B or CDNR row. */
type RateRow = RateSums & { document: Row };

/** A row per document and rate, documents in the order given. */
const rowsByRate = (documents: Row[]): RateRow[] =>
  documents.flatMap((document) => sumsByRate(document.lines).map((sums) => ({ ...sums, document })));

const b2bColumns: CsvColumn<RateRow>[] = [
  { header: 'GSTIN/UIN of Recipient', value: (row) => row.document.recipient.gstin },
  { header: 'Receiver Name', value: (row) => row.document.recipient.name },
  { header: 'Invoice Number', value: (row) => row.document.number },
  { header: 'Invoice date', value: (row) => gstDate(row.document.issuedAt) },
  { header: 'Invoice Value', value: (row) => rupees(row.document.total) },
  { header: 'Place Of Supply', value: (row) => place(row.document.placeOfSupplyCode) },
  { header: 'Reverse Charge', value: () => 'N' },
  { header: 'Invoice Type', value: () => 'Regular B2B' },
  { header: 'Rate', value: (row) => rate(row.rateBp) },
  { header: 'Taxable Value', value: (row) => rupees(row.taxable) },
  { header: 'Integrated Tax', value: (row) => rupees(row.igst) },
  { header: 'Central Tax', value: (row) => rupees(row.cgst) },
  { header: 'State/UT Tax', value: (row) => rupees(row.sgst) },
  { header: 'Cess Amount', value: () => 0 },
];

const cdnrColumns = (invoices: Map<string, Row>): CsvColumn<RateRow>[] => [
  { header: 'GSTIN/UIN of Recipient', value: (row) => row.document.recipient.gstin },
  { header: 'Receiver Name', value: (row) => row.document.recipient.name },
  { header: 'Note Number', value: (row) => row.document.number },
  { header: 'Note Date', value: (row) => gstDate(row.document.issuedAt) },
  { header: 'Note Type', value: (row) => (row.document.kind === 'debit_note' ? 'D' : 'C') },
  {
    header: 'Original Invoice Number',
    value: (row) => invoices.get(row.document.invoiceId ?? '')?.number ?? '',
  },
  {
    header: 'Original Invoice Date',
    value: (row) => {
      const invoice = invoices.get(row.document.invoiceId ?? '');
      return invoice ? gstDate(invoice.issuedAt) : '';
    },
  },
  { header: 'Place Of Supply', value: (row) => place(row.document.placeOfSupplyCode) },
  { header: 'Reverse Charge', value: () => 'N' },
  { header: 'Note Value', value: (row) => rupees(row.document.total) },
  { header: 'Rate', value: (row) => rate(row.rateBp) },
  { header: 'Taxable Value', value: (row) => rupees(row.taxable) },
  { header: 'Integrated Tax', value: (row) => rupees(row.igst) },
  { header: 'Central Tax', value: (row) => rupees(row.cgst) },
  { header: 'State/UT Tax', value: (row) => rupees(row.sgst) },
  { header: 'Cess Amount', value: () => 0 },
];

interface B2csRow {
  placeOfSupply: string;
  rateBp: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

const b2csColumns: CsvColumn<B2csRow>[] = [
  { header: 'Type', value: () => 'OE' },
  { header: 'Place Of Supply', value: (row) => place(row.placeOfSupply) },
  { header: 'Rate', value: (row) => rate(row.rateBp) },
  { header: 'Taxable Value', value: (row) => rupees(row.taxable) },
  { header: 'Integrated Tax', value: (row) => rupees(row.igst) },
  { header: 'Central Tax', value: (row) => rupees(row.cgst) },
  { header: 'State/UT Tax', value: (row) => rupees(row.sgst) },
  { header: 'Cess Amount', value: () => 0 },
];

/** B2C invoices and debit notes less their credit notes, their lines summed by place of supply and rate. */
export function summariseB2cs(documents: Row[]): B2csRow[] {
  const groups = new Map<string, B2csRow>();
  for (const document of documents) {
    if (document.recipient.gstin) continue;
    const sign = document.kind === 'credit_note' ? -1 : 1;
    for (const sums of sumsByRate(document.lines)) {
      const key = `${document.placeOfSupplyCode}|${sums.rateBp}`;
      const group = groups.get(key) ?? {
        placeOfSupply: document.placeOfSupplyCode,
        rateBp: sums.rateBp,
        taxable: 0,
        igst: 0,
        cgst: 0,
        sgst: 0,
      };
      group.taxable += sign * sums.taxable;
      group.igst += sign * sums.igst;
      group.cgst += sign * sums.cgst;
      group.sgst += sign * sums.sgst;
      groups.set(key, group);
    }
  }
  return [...groups.values()].sort(
    (a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rateBp - b.rateBp,
  );
}

/** One GSTR-1 section of the documents issued in the period, as a CSV or XLSX stream. */
export async function exportGstr1(db: Executor, query: Gstr1ExportQuery): Promise<Readable> {
  const from = query.from ? new Date(`${query.from}T00:00:00+05:30`) : undefined;
  const to = query.to ? new Date(new Date(`${query.to}T00:00:00+05:30`).getTime() + 86_400_000) : undefined;
  const documents = (await repository.searchTaxDocuments(db, { from, to }))
    .map((listed) => listed.document)
    .reverse();
  const write = <T>(rows: T[], columns: CsvColumn<T>[], sheet: string) =>
    query.format === 'xlsx' ? xlsxStream(rows, columns, sheet) : csvStream(rows, columns);

  if (query.section === 'b2cs') return write(summariseB2cs(documents), b2csColumns, 'b2cs');
  if (query.section === 'cdnr') {
    const notes = documents.filter((row) => row.kind !== 'invoice' && row.recipient.gstin);
    const invoices = new Map<string, Row>();
    for (const note of notes) {
      if (note.invoiceId && !invoices.has(note.invoiceId)) {
        const invoice = await repository.findTaxDocument(db, note.invoiceId);
        if (invoice) invoices.set(invoice.id, invoice);
      }
    }
    return write(rowsByRate(notes), cdnrColumns(invoices), 'cdnr');
  }
  return write(
    rowsByRate(documents.filter((row) => row.kind === 'invoice' && row.recipient.gstin)),
    b2bColumns,
    'b2b',
  );
}
