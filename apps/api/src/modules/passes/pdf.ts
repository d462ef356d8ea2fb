/**
 * Printable passes: one A4 page per pass with the attendee's name, role, ticket,
 * pass code and QR code, the festival's name, dates and venue, and who organizes it. Made with PDFKit
 * (https://pdfkit.org) with lib/pdf-text's fonts, so names print as typed beyond the built-in
 * fonts' WinAnsi: Shāh, Łukasz, Greek, Cyrillic, and Gujarati and Devanagari shaped. The QR
 * code is drawn as the pass email's is (`passQrPng` of the pass's signed token, from
 * `passQrPayloads`), so what the gate scans is decided in one place.
 */
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import { writeText } from '../../lib/pdf-text.js';
import { passQrPng } from './service.js';

export interface PrintablePass {
  code: string;
  /** The pass's signed token (`passQrPayloads`), which its QR code carries. */
  qrPayload: string;
  attendeeName: string;
  role: string;
  ticketName: string;
  /** The pass's own order, when the document gathers several orders' passes (a check-in list's). */
  orderReference?: string;
}

export interface PrintableOrder {
  /** The order's reference; for passes of several orders, what they are (a check-in list's name). */
  reference: string;
  eventName: string;
  /** e.g. "20–21 October 2024, 10:00 am – 7:00 pm IST" (mail/layout.ts formatEventSchedule). */
  schedule: string;
  venue: string;
  /**
   * Who organizes the festival, as the settings give it ("Organized by … · email · phone"),
   * printed under each pass; null while the organizers have not entered their legal name.
   */
  organizer: string | null;
  passes: PrintablePass[];
}

/** "Organized by Startup Fest Gujarat Foundation · hello@… · +91 …" from the settings' public details. */
export function organizerLine(details: {
  legalName: string;
  publicEmail: string | null;
  publicPhone: string | null;
}): string | null {
  if (!details.legalName) return null;
  return [`Organized by ${details.legalName}`, details.publicEmail, details.publicPhone]
    .filter(Boolean)
    .join(' · ');
}

const QR_POINTS = 220;
/** QR images drawn at once: bounds the images in memory for a check-in list's thousands of passes. */
const QR_BATCH = 8;

/** Draws one pass on a page of its own. */
function drawPass(doc: PDFKit.PDFDocument, order: PrintableOrder, pass: PrintablePass, qrPng: Buffer) {
  doc.addPage();
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  writeText(doc.fillColor('#1e1b4b').fontSize(22), order.eventName, 'bold', { width });
  writeText(doc.moveDown(0.3).fillColor('#374151').fontSize(12), order.schedule, 'regular', { width });
  writeText(doc, order.venue, 'regular', { width });
  writeText(
    doc.moveDown(1.5).fillColor('#6b7280').fontSize(11),
    `EVENT PASS · ${pass.role.toUpperCase()}`,
    'regular',
    {
      width,
      characterSpacing: 1.5,
    },
  );
  writeText(doc.moveDown(0.4).fillColor('#111827').fontSize(26), pass.attendeeName, 'bold', { width });
  writeText(doc.moveDown(0.3).fontSize(13), pass.ticketName, 'regular', { width });
  const qrTop = doc.y + 24;
  doc.image(qrPng, doc.page.margins.left + (width - QR_POINTS) / 2, qrTop, {
    width: QR_POINTS,
    height: QR_POINTS,
  });
  doc.y = qrTop + QR_POINTS + 16;
  doc.font('Courier-Bold').fontSize(20).text(pass.code, { width, align: 'center' });
  writeText(
    doc.moveDown(1.5).fontSize(10).fillColor('#6b7280'),
    `Order ${pass.orderReference ?? order.reference} · Show this page (printed or on screen) at the entrance.`,
    'regular',
    { width, align: 'center' },
  );
  if (order.organizer) {
    writeText(doc.moveDown(0.5), order.organizer, 'regular', { width, align: 'center' });
  }
}

/** The PDF of an order's passes as bytes; an order without passes gives a one-page note. */
export async function renderPassesPdf(order: PrintableOrder): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    info: { Title: `${order.eventName} passes — ${order.reference}`, Author: order.eventName },
  });
  const bytes = buffer(doc);

  for (let start = 0; start < order.passes.length; start += QR_BATCH) {
    const batch = order.passes.slice(start, start + QR_BATCH);
    const qrCodes = await Promise.all(batch.map((pass) => passQrPng(pass.qrPayload, 600)));
    batch.forEach((pass, index) => drawPass(doc, order, pass, qrCodes[index]!));
  }
  if (order.passes.length === 0) {
    writeText(doc.addPage().fontSize(14), `Order ${order.reference} has no valid passes.`, 'regular');
  }
  doc.end();
  return bytes;
}
