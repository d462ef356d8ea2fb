/**
 * GSTR-1 friendly rows of the tax documents, for the console's CSV/XLSX export
 * through the exports libraries (lib/csv.ts, lib/xlsx.ts). Column names follow the GST
 * offline tool's B2B, B2CS and CDNR sheets, so a tax adviser can paste them. Rupees with two
 * decimals; dates as the tool writes them (20-Oct-2024).
 */
import type { Readable } from 'node:stream';
import { EVENT_TIME_ZONE, gstStateName, type Gstr1ExportQuery } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { csvStream, type CsvColumn } from '../../lib/csv.js';
import { xlsxStream } from '../../lib/xlsx.js';
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

type Row = repository.TaxDocumentRow;

const b2bColumns: CsvColumn<Row>[] = [
  { header: 'GSTIN/UIN of Recipient', value: (row) => row.recipient.gstin },
  { header: 'Receiver Name', value: (row) => row.recipient.name },
  { header: 'Invoice Number', value: (row) => row.number },
  { header: 'Invoice date', value: (row) => gstDate(row.issuedAt) },
  { header: 'Invoice Value', value: (row) => rupees(row.total) },
  { header: 'Place Of Supply', value: (row) => place(row.placeOfSupplyCode) },
  { header: 'Reverse Charge', value: () => 'N' },
  { header: 'Invoice Type', value: () => 'Regular B2B' },
  { header: 'Rate', value: (row) => rate(row.rateBp) },
  { header: 'Taxable Value', value: (row) => rupees(row.taxable) },
  { header: 'Integrated Tax', value: (row) => rupees(row.igst) },
  { header: 'Central Tax', value: (row) => rupees(row.cgst) },
  { header: 'State/UT Tax', value: (row) => rupees(row.sgst) },
  { header: 'Cess Amount', value: () => 0 },
];

const cdnrColumns = (invoices: Map<string, Row>): CsvColumn<Row>[] => [
  { header: 'GSTIN/UIN of Recipient', value: (row) => row.recipient.gstin },
  { header: 'Receiver Name', value: (row) => row.recipient.name },
  { header: 'Note Number', value: (row) => row.number },
  { header: 'Note Date', value: (row) => gstDate(row.issuedAt) },
  { header: 'Note Type', value: () => 'C' },
  { header: 'Original Invoice Number', value: (row) => invoices.get(row.invoiceId ?? '')?.number ?? '' },
  {
    header: 'Original Invoice Date',
    value: (row) => {
      const invoice = invoices.get(row.invoiceId ?? '');
      return invoice ? gstDate(invoice.issuedAt) : '';
    },
  },
  { header: 'Place Of Supply', value: (row) => place(row.placeOfSupplyCode) },
  { header: 'Reverse Charge', value: () => 'N' },
  { header: 'Note Value', value: (row) => rupees(row.total) },
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

/** B2C invoices less their credit notes, summed by place of supply and rate. */
export function summariseB2cs(documents: Row[]): B2csRow[] {
  const groups = new Map<string, B2csRow>();
  for (const document of documents) {
    if (document.recipient.gstin) continue;
    const key = `${document.placeOfSupplyCode}|${document.rateBp}`;
    const group = groups.get(key) ?? {
      placeOfSupply: document.placeOfSupplyCode,
      rateBp: document.rateBp,
      taxable: 0,
      igst: 0,
      cgst: 0,
      sgst: 0,
    };
    const sign = document.kind === 'credit_note' ? -1 : 1;
    group.taxable += sign * document.taxable;
    group.igst += sign * document.igst;
    group.cgst += sign * document.cgst;
    group.sgst += sign * document.sgst;
    groups.set(key, group);
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
    const notes = documents.filter((row) => row.kind === 'credit_note' && row.recipient.gstin);
    const invoices = new Map<string, Row>();
    for (const note of notes) {
      if (note.invoiceId && !invoices.has(note.invoiceId)) {
        const invoice = await repository.findTaxDocument(db, note.invoiceId);
        if (invoice) invoices.set(invoice.id, invoice);
      }
    }
    return write(notes, cdnrColumns(invoices), 'cdnr');
  }
  return write(
    documents.filter((row) => row.kind === 'invoice' && row.recipient.gstin),
    b2bColumns,
    'b2b',
  );
}
