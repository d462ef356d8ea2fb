/**
 * Printable passes (issue 9 §3): one A4 page per pass with the attendee's name, role, ticket,
 * pass code and QR code, and the festival's name, dates and venue. Made with PDFKit
 * (https://pdfkit.org) in DejaVu Sans, embedded from the `dejavu-fonts-ttf` package, so names
 * beyond the built-in fonts' WinAnsi (Shāh, Łukasz, Ørsted; Greek, Cyrillic) print as typed.
 * Indic scripts need a shaping font and are not covered. The QR code is drawn as the pass email's is (`passQrPng` of the pass's signed token, from
 * `passQrPayloads`), so what the gate scans is decided in one place.
 */
import { createRequire } from 'node:module';
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import { passQrPng } from './service.js';

export interface PrintablePass {
  code: string;
  /** The pass's signed token (`passQrPayloads`), which its QR code carries. */
  qrPayload: string;
  attendeeName: string;
  role: string;
  ticketName: string;
}

export interface PrintableOrder {
  reference: string;
  eventName: string;
  /** e.g. "20–21 October 2024, 10:00 am – 7:00 pm IST" (mail/layout.ts formatEventSchedule). */
  schedule: string;
  venue: string;
  passes: PrintablePass[];
}

const QR_POINTS = 220;

const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const REGULAR = fontFile('DejaVuSans.ttf');
const BOLD = fontFile('DejaVuSans-Bold.ttf');

/** The PDF of an order's passes as bytes; an order without passes gives a one-page note. */
export async function renderPassesPdf(order: PrintableOrder): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    info: { Title: `${order.eventName} passes — ${order.reference}`, Author: order.eventName },
  });
  const bytes = buffer(doc);

  const qrCodes = await Promise.all(order.passes.map((pass) => passQrPng(pass.qrPayload, 600)));
  order.passes.forEach((pass, index) => {
    doc.addPage();
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    doc.fillColor('#1e1b4b').font(BOLD).fontSize(22).text(order.eventName, { width });
    doc.moveDown(0.3).fillColor('#374151').font(REGULAR).fontSize(12).text(order.schedule, { width });
    doc.text(order.venue, { width });
    doc.moveDown(1.5).fillColor('#6b7280').fontSize(11).text(`EVENT PASS · ${pass.role.toUpperCase()}`, {
      width,
      characterSpacing: 1.5,
    });
    doc.moveDown(0.4).fillColor('#111827').font(BOLD).fontSize(26).text(pass.attendeeName, { width });
    doc.moveDown(0.3).font(REGULAR).fontSize(13).text(pass.ticketName, { width });
    const qrTop = doc.y + 24;
    doc.image(qrCodes[index]!, doc.page.margins.left + (width - QR_POINTS) / 2, qrTop, {
      width: QR_POINTS,
      height: QR_POINTS,
    });
    doc.y = qrTop + QR_POINTS + 16;
    doc.font('Courier-Bold').fontSize(20).text(pass.code, { width, align: 'center' });
    doc
      .moveDown(1.5)
      .font(REGULAR)
      .fontSize(10)
      .fillColor('#6b7280')
      .text(`Order ${order.reference} · Show this page (printed or on screen) at the entrance.`, {
        width,
        align: 'center',
      });
  });
  if (order.passes.length === 0) {
    doc.addPage().font(REGULAR).fontSize(14).text(`Order ${order.reference} has no valid passes.`);
  }
  doc.end();
  return bytes;
}
