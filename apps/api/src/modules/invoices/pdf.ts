/**
 * A tax invoice or credit note as a PDF (PDFKit, https://pdfkit.org, as the printable passes
 * are), from its stored row only, so the same document renders the same whenever it is
 * downloaded. Carries what CGST Rules 2017 rule 46 (invoice) and rule 53 (credit note) require:
 * supplier's name, address and GSTIN; number and date; recipient's name, address, GSTIN and
 * state where registered; SAC; quantity; taxable value; rate and amount of CGST and SGST/UTGST
 * or IGST; place of supply with state name and code; reverse charge; total in words. Names and
 * addresses print as typed, Gujarati and Devanagari included (lib/pdf-text); amounts read "INR".
 */
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
// The locale's own entry point: the package's root loads all of its locales (270 modules).
import { toCurrency } from 'to-words/en-IN';
import { EVENT_TIME_ZONE, formatGstRate, gstStateName } from '@festival/shared';
import { writeText, type Weight } from '../../lib/pdf-text.js';
import type { TaxDocumentRow } from './repository.js';

/** "Rupees …" in words with Indian numbering (lakh, crore), e.g. "One Lakh Eighteen Thousand Rupees Only". */
export function amountInWords(paise: number): string {
  return toCurrency((paise / 100).toFixed(2));
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { timeZone: EVENT_TIME_ZONE, dateStyle: 'medium' });
/** The document's date in India time, e.g. "20 Oct 2024". */
export const documentDate = (instant: Date) => dateFormat.format(instant);

const money = (paise: number) =>
  `INR ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const stateLabel = (code: string | null) => (code ? `${gstStateName(code) ?? code} (${code})` : '');

const LEFT = 48;
const RIGHT = 547;
/** Where the item table's columns start (points from the page's left edge). */
const COLUMNS = { description: LEFT, sac: 250, quantity: 300, taxable: 340, rate: 440 };

/**
 * Renders the document on one A4 page in lib/pdf-text's fonts; `invoice` is the invoice a
 * credit note cites. The PDF's dates are the document's, so every download is the same bytes.
 */
export async function renderTaxDocumentPdf(
  document: TaxDocumentRow,
  invoice?: Pick<TaxDocumentRow, 'number' | 'issuedAt'>,
): Promise<Buffer> {
  const isCreditNote = document.kind === 'credit_note';
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 30, bottom: 48, left: LEFT, right: 595.28 - RIGHT },
    info: {
      Title: `${isCreditNote ? 'Credit note' : 'Tax invoice'} ${document.number}`,
      Author: document.supplier.legalName,
      CreationDate: document.issuedAt,
      ModDate: document.issuedAt,
    },
  });
  const bytes = buffer(doc);
  doc.lineGap(2.5);

  const line = (text: string, weight: Weight = 'regular', size = 10) =>
    writeText(doc.fontSize(size), text, weight);

  line(isCreditNote ? 'CREDIT NOTE' : 'TAX INVOICE', 'bold', 16);
  doc.moveDown(0.3);
  line(document.supplier.legalName, 'bold', 12);
  line(document.supplier.address);
  line(`GSTIN: ${document.supplier.gstin}`);
  line(`State: ${stateLabel(document.supplier.stateCode)}`);
  doc.moveDown(0.6);
  line(`${isCreditNote ? 'Credit note' : 'Invoice'} number: ${document.number}`, 'bold');
  line(`Date: ${documentDate(document.issuedAt)}`);
  if (isCreditNote && invoice) {
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

  const headerTop = doc.y;
  doc.fontSize(9);
  writeText(doc, 'Description', 'bold', { x: COLUMNS.description, y: headerTop });
  writeText(doc, 'SAC', 'bold', { x: COLUMNS.sac, y: headerTop });
  writeText(doc, 'Qty', 'bold', { x: COLUMNS.quantity, y: headerTop });
  writeText(doc, 'Taxable value', 'bold', { x: COLUMNS.taxable, y: headerTop });
  writeText(doc, 'Rate', 'bold', { x: COLUMNS.rate, y: headerTop });
  doc
    .moveTo(LEFT, headerTop + 11)
    .lineTo(RIGHT, headerTop + 11)
    .lineWidth(0.5)
    .strokeColor('#808080')
    .stroke();
  const rowTop = headerTop + 16;
  writeText(doc, document.sacCode, 'regular', { x: COLUMNS.sac, y: rowTop });
  writeText(doc, String(document.quantity), 'regular', { x: COLUMNS.quantity, y: rowTop });
  writeText(doc, money(document.taxable), 'regular', { x: COLUMNS.taxable, y: rowTop });
  writeText(doc, formatGstRate(document.rateBp), 'regular', { x: COLUMNS.rate, y: rowTop });
  // Last, so the flow continues below the description, the one cell that may wrap.
  writeText(doc, document.description, 'regular', {
    x: COLUMNS.description,
    y: rowTop,
    width: COLUMNS.sac - COLUMNS.description - 8,
  });
  doc.moveDown(0.9);

  const amountLine = (label: string, paise: number, weight: Weight = 'regular') => {
    const top = doc.fontSize(10).y;
    writeText(doc, label, weight, { x: COLUMNS.quantity, y: top });
    writeText(doc, money(paise), weight, {
      x: COLUMNS.quantity,
      y: top,
      width: RIGHT - COLUMNS.quantity,
      align: 'right',
    });
  };
  const half = formatGstRate(document.rateBp / 2);
  amountLine('Taxable value', document.taxable);
  if (document.interState) {
    amountLine(`IGST @ ${formatGstRate(document.rateBp)}`, document.igst);
  } else {
    amountLine(`CGST @ ${half}`, document.cgst);
    amountLine(`${document.stateTaxName} @ ${half}`, document.sgst);
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
