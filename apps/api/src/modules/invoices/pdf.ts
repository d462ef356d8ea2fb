/**
 * A tax invoice, credit note or debit note as a PDF (PDFKit, https://pdfkit.org, as the printable passes
 * are), from its stored row only, so the same document renders the same whenever it is
 * downloaded. Carries what CGST Rules 2017 rule 46 (invoice) and rule 53 (credit and debit notes) require:
 * supplier's name, address and GSTIN; number and date; recipient's name, address, GSTIN and
 * state where registered; for each line its description, SAC, quantity, taxable value, rate and
 * amount of CGST and SGST/UTGST or IGST (decision 029), and those taxes summed by rate; place of supply with state name and code; reverse charge; total in words. Names and
 * addresses print as typed, Gujarati and Devanagari included (lib/pdf-text); amounts read "INR".
 */
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
// The locale's own entry point: the package's root loads all of its locales (270 modules).
import { toCurrency } from 'to-words/en-IN';
import { EVENT_TIME_ZONE, formatGstRate, gstStateName } from '@festival/shared';
import { writeText, type Weight } from '../../lib/pdf-text.js';
import type { DocumentKind } from './numbering.js';
import { sumsByRate } from './rates.js';
import type { TaxDocument, TaxDocumentLineRow, TaxDocumentRow } from './repository.js';

/** "Rupees …" in words with Indian numbering (lakh, crore), e.g. "One Lakh Eighteen Thousand Rupees Only". */
export function amountInWords(paise: number): string {
  return toCurrency((paise / 100).toFixed(2));
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { timeZone: EVENT_TIME_ZONE, dateStyle: 'medium' });
/** The document's date in India time, e.g. "20 Oct 2024". */
export const documentDate = (instant: Date) => dateFormat.format(instant);

/** Rupees with paise in Indian grouping, e.g. "2,25,000.00": the item table's figures. */
const figure = (paise: number) =>
  (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (paise: number) => `INR ${figure(paise)}`;

const stateLabel = (code: string | null) => (code ? `${gstStateName(code) ?? code} (${code})` : '');

const LEFT = 48;
const RIGHT = 547;

/** A column of the item table: where it starts and how wide it is (points), and how it aligns. */
interface Column {
  header: string;
  x: number;
  width: number;
  align: 'left' | 'right';
  cell(line: TaxDocumentLineRow): string;
}

/**
 * The item table's columns, one row per document line: what rule 46 asks of each item (SAC,
 * quantity, taxable value, rate and amount of each tax) with the value of a unit (its taxable
 * value, to the paisa) and the line's total. Within a state CGST and SGST (or UTGST) each have a
 * column, across states IGST takes both places.
 */
function columnsOf(document: Pick<TaxDocumentRow, 'interState' | 'stateTaxName'>): Column[] {
  const taxes: Column[] = document.interState
    ? [{ header: 'IGST', x: 378, width: 108, align: 'right', cell: (line) => figure(line.igst) }]
    : [
        { header: 'CGST', x: 378, width: 52, align: 'right', cell: (line) => figure(line.cgst) },
        {
          header: document.stateTaxName,
          x: 434,
          width: 52,
          align: 'right',
          cell: (line) => figure(line.sgst),
        },
      ];
  return [
    { header: 'SAC', x: 172, width: 32, align: 'left', cell: (line) => line.sacCode },
    { header: 'Qty', x: 206, width: 22, align: 'right', cell: (line) => String(line.quantity) },
    {
      header: 'Unit value',
      x: 230,
      width: 54,
      align: 'right',
      cell: (line) => figure(Math.round(line.taxable / line.quantity)),
    },
    { header: 'Taxable value', x: 288, width: 58, align: 'right', cell: (line) => figure(line.taxable) },
    { header: 'Rate', x: 350, width: 24, align: 'right', cell: (line) => formatGstRate(line.rateBp) },
    ...taxes,
    { header: 'Total', x: 490, width: RIGHT - 490, align: 'right', cell: (line) => figure(line.total) },
  ];
}
/** Where the amounts below the table start: their labels, then the amounts flush right. */
const AMOUNT_LABEL_X = 300;
/** The description column: the one cell that may wrap, so it sets each row's height. */
const DESCRIPTION = { x: LEFT, width: 120 };

const TITLES: Record<DocumentKind, string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  debit_note: 'Debit note',
};

/**
 * Renders the document on one A4 page in lib/pdf-text's fonts; `invoice` is the invoice a
 * credit note cites. The PDF's dates are the document's, so every download is the same bytes.
 */
export async function renderTaxDocumentPdf(
  document: TaxDocument,
  invoice?: Pick<TaxDocumentRow, 'number' | 'issuedAt'>,
): Promise<Buffer> {
  const title = TITLES[document.kind as DocumentKind];
  const isNote = document.kind !== 'invoice';
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 30, bottom: 48, left: LEFT, right: 595.28 - RIGHT },
    info: {
      Title: `${title} ${document.number}`,
      Author: document.supplier.legalName,
      CreationDate: document.issuedAt,
      ModDate: document.issuedAt,
    },
  });
  const bytes = buffer(doc);
  doc.lineGap(2.5);

  const line = (text: string, weight: Weight = 'regular', size = 10) =>
    writeText(doc.fontSize(size), text, weight);

  line(title.toUpperCase(), 'bold', 16);
  doc.moveDown(0.3);
  line(document.supplier.legalName, 'bold', 12);
  line(document.supplier.address);
  line(`GSTIN: ${document.supplier.gstin}`);
  line(`State: ${stateLabel(document.supplier.stateCode)}`);
  doc.moveDown(0.6);
  line(`${isNote ? title : 'Invoice'} number: ${document.number}`, 'bold');
  line(`Date: ${documentDate(document.issuedAt)}`);
  if (isNote && invoice) {
    line(`Against invoice: ${invoice.number} dated ${documentDate(invoice.issuedAt)}`);
  }
  line(`Place of supply: ${stateLabel(document.placeOfSupplyCode)}`);
  line('Tax payable on reverse charge: No');
  doc.moveDown(0.6);
  line('Bill to', 'bold');
  line(document.recipient.name);
  if (document.recipient.address) line(document.recipient.address);
  if (document.recipient.gstin) line(`GSTIN: ${document.recipient.gstin}`);
  if (document.recipient.stateCode) line(`State: ${stateLabel(document.recipient.stateCode)}`);
  line(document.recipient.email);
  doc.moveDown(0.9);

  const columns = columnsOf(document);
  const headerTop = doc.y;
  doc.fontSize(8);
  writeText(doc, 'Description', 'bold', { x: DESCRIPTION.x, y: headerTop });
  for (const column of columns) {
    writeText(doc, column.header, 'bold', {
      x: column.x,
      y: headerTop,
      width: column.width,
      align: column.align,
    });
  }
  doc
    .moveTo(LEFT, headerTop + 11)
    .lineTo(RIGHT, headerTop + 11)
    .lineWidth(0.5)
    .strokeColor('#808080')
    .stroke();
  let rowTop = headerTop + 16;
  for (const item of document.lines) {
    for (const column of columns) {
      writeText(doc, column.cell(item), 'regular', {
        x: column.x,
        y: rowTop,
        width: column.width,
        align: column.align,
      });
    }
    // Last, so the flow continues below the description, the one cell that may wrap.
    writeText(doc, item.description, 'regular', { ...DESCRIPTION, y: rowTop });
    rowTop = doc.y + 4;
  }
  doc.x = LEFT;
  doc.moveDown(0.9);

  const amountLine = (label: string, paise: number, weight: Weight = 'regular') => {
    const top = doc.fontSize(10).y;
    writeText(doc, label, weight, { x: AMOUNT_LABEL_X, y: top });
    writeText(doc, money(paise), weight, {
      x: AMOUNT_LABEL_X,
      y: top,
      width: RIGHT - AMOUNT_LABEL_X,
      align: 'right',
    });
  };
  amountLine('Taxable value', document.taxable);
  for (const rate of sumsByRate(document.lines)) {
    const half = formatGstRate(rate.rateBp / 2);
    if (document.interState) {
      amountLine(`IGST @ ${formatGstRate(rate.rateBp)}`, rate.igst);
    } else {
      amountLine(`CGST @ ${half}`, rate.cgst);
      amountLine(`${document.stateTaxName} @ ${half}`, rate.sgst);
    }
  }
  amountLine('Total', document.total, 'bold');
  doc.x = LEFT;
  doc.moveDown(0.6);
  line(`Total in words: ${amountInWords(document.total)}`);
  doc.moveDown(1.7);
  line(`For ${document.supplier.legalName}`);
  doc.moveDown(1.1);
  line('Authorised signatory');
  doc.end();
  return bytes;
}
