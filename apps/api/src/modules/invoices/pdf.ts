/**
 * A tax invoice or credit note as a PDF (pdf-lib), from its stored row only, so the same
 * document renders the same whenever it is downloaded. Carries what CGST Rules 2017 rule 46
 * (invoice) and rule 53 (credit note) require: supplier's name, address and GSTIN; number and
 * date; recipient's name, address, GSTIN and state where registered; SAC; quantity; taxable
 * value; rate and amount of CGST and SGST/UTGST or IGST; place of supply with state name and
 * code; reverse charge; total in words. Standard Helvetica (WinAnsi) has no ₹ sign, so amounts
 * read "INR".
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { ToWords } from 'to-words';
import { EVENT_TIME_ZONE, formatGstRate, gstStateName } from '@festival/shared';
import type { TaxDocumentRow } from './repository.js';

const toWords = new ToWords({ localeCode: 'en-IN' });

/** "Rupees …" in words with Indian numbering (lakh, crore), e.g. "One Lakh Eighteen Thousand Rupees Only". */
export function amountInWords(paise: number): string {
  return toWords.convert((paise / 100).toFixed(2), { currency: true });
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { timeZone: EVENT_TIME_ZONE, dateStyle: 'medium' });
/** The document's date in India time, e.g. "20 Oct 2024". */
export const documentDate = (instant: Date) => dateFormat.format(instant);

const money = (paise: number) =>
  `INR ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Text the standard fonts can draw: accents dropped, typographic quotes straightened, other characters as '?'. */
function printable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\n]/g, '?');
}

const stateLabel = (code: string | null) => (code ? `${gstStateName(code) ?? code} (${code})` : '');

interface Cursor {
  page: PDFPage;
  y: number;
}

/** Renders the document; `invoice` is the invoice a credit note cites. */
export async function renderTaxDocumentPdf(
  document: TaxDocumentRow,
  invoice?: Pick<TaxDocumentRow, 'number' | 'issuedAt'>,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const isCreditNote = document.kind === 'credit_note';
  pdf.setTitle(`${isCreditNote ? 'Credit note' : 'Tax invoice'} ${document.number}`);
  pdf.setAuthor(printable(document.supplier.legalName));
  pdf.setCreationDate(document.issuedAt);
  pdf.setModificationDate(document.issuedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  const cursor: Cursor = { page, y: 800 };
  const left = 48;

  const line = (text: string, options: { font?: PDFFont; size?: number; x?: number } = {}) => {
    const size = options.size ?? 10;
    for (const part of printable(text).split('\n')) {
      cursor.page.drawText(part, { x: options.x ?? left, y: cursor.y, size, font: options.font ?? regular });
      cursor.y -= size + 4;
    }
  };

  line(isCreditNote ? 'CREDIT NOTE' : 'TAX INVOICE', { font: bold, size: 16 });
  cursor.y -= 6;
  line(document.supplier.legalName, { font: bold, size: 12 });
  line(document.supplier.address);
  line(`GSTIN: ${document.supplier.gstin}`);
  line(`State: ${stateLabel(document.supplier.stateCode)}`);
  cursor.y -= 8;
  line(`${isCreditNote ? 'Credit note' : 'Invoice'} number: ${document.number}`, { font: bold });
  line(`Date: ${documentDate(document.issuedAt)}`);
  if (isCreditNote && invoice) {
    line(`Against invoice: ${invoice.number} dated ${documentDate(invoice.issuedAt)}`);
  }
  line(`Place of supply: ${stateLabel(document.placeOfSupplyCode)}`);
  line('Tax payable on reverse charge: No');
  cursor.y -= 8;
  line('Bill to', { font: bold });
  line(document.recipient.name);
  if (document.recipient.address) line(document.recipient.address);
  if (document.recipient.gstin) line(`GSTIN: ${document.recipient.gstin}`);
  if (document.recipient.stateCode) line(`State: ${stateLabel(document.recipient.stateCode)}`);
  line(document.recipient.email);
  cursor.y -= 12;

  const columns = [
    { header: 'Description', x: left },
    { header: 'SAC', x: 250 },
    { header: 'Qty', x: 300 },
    { header: 'Taxable value', x: 340 },
    { header: 'Rate', x: 440 },
  ];
  for (const column of columns) {
    cursor.page.drawText(column.header, { x: column.x, y: cursor.y, size: 9, font: bold });
  }
  cursor.y -= 4;
  cursor.page.drawLine({
    start: { x: left, y: cursor.y },
    end: { x: 547, y: cursor.y },
    thickness: 0.5,
    color: rgb(0.5, 0.5, 0.5),
  });
  cursor.y -= 12;
  const row = [
    printable(document.description).slice(0, 38),
    document.sacCode,
    String(document.quantity),
    money(document.taxable),
    formatGstRate(document.rateBp),
  ];
  row.forEach((text, index) =>
    cursor.page.drawText(text, { x: columns[index]!.x, y: cursor.y, size: 9, font: regular }),
  );
  cursor.y -= 24;

  const amountLine = (label: string, paise: number, font = regular) => {
    cursor.page.drawText(label, { x: 300, y: cursor.y, size: 10, font });
    const text = money(paise);
    cursor.page.drawText(text, { x: 547 - font.widthOfTextAtSize(text, 10), y: cursor.y, size: 10, font });
    cursor.y -= 14;
  };
  const half = formatGstRate(document.rateBp / 2);
  amountLine('Taxable value', document.taxable);
  if (document.interState) {
    amountLine(`IGST @ ${formatGstRate(document.rateBp)}`, document.igst);
  } else {
    amountLine(`CGST @ ${half}`, document.cgst);
    amountLine(`${document.stateTaxName} @ ${half}`, document.sgst);
  }
  amountLine('Total', document.total, bold);
  cursor.y -= 8;
  line(`Total in words: ${amountInWords(document.total)}`);
  cursor.y -= 24;
  line(`For ${document.supplier.legalName}`);
  cursor.y -= 16;
  line('Authorised signatory');
  return pdf.save({ useObjectStreams: false });
}
