/**
 * Printable passes: one A4 page per pass with the attendee's name, role, ticket,
 * pass code and QR code, the festival's name, dates and venue, and who organizes it. Made with PDFKit
 * (https://pdfkit.org) with lib/pdf-text's fonts, so names print as typed beyond the built-in
 * fonts' WinAnsi: Shāh, Łukasz, Greek, Cyrillic, and Gujarati and Devanagari shaped. The QR
 * code is drawn as the pass email's is (`passQrPng` of the pass's signed token, from
 * `passQrPayloads`), so what the gate scans is decided in one place.
 *
 * Each page is in its holder's language (their registration's; decision 033): the labels, the
 * category and the dates, with Latin digits in India time, and the ticket's name as the organizers
 * translated it (English where they did not; decision 034). What else organizers typed (the
 * edition's name, the venue, their legal name) and the holder's name print as typed.
 */
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import { shownText, type Locale, type TicketTypeTranslatedField, type Translations } from '@festival/shared';
import { writeText } from '../../lib/pdf-text.js';
import { categoryName, mailI18n, type I18n } from '../mail/i18n.js';
import { formatEventSchedule } from '../mail/layout.js';
import { passQrPng } from './service.js';

export interface PrintablePass {
  code: string;
  /** The pass's signed token (`passQrPayloads`), which its QR code carries. */
  qrPayload: string;
  attendeeName: string;
  /** The holder's participant category, printed as their role in `locale`. */
  participantCategoryId: number;
  /** The ticket's English name; the page prints its translation in `locale` where there is one. */
  ticketName: string;
  ticketTranslations: Translations<TicketTypeTranslatedField>;
  /** The holder's language (their registration's), the page's. */
  locale: Locale;
  /** The pass's own order, when the document gathers several orders' passes (a check-in list's). */
  orderReference?: string;
}

export interface PrintableOrder {
  /** The order's reference; for passes of several orders, what they are (a check-in list's name). */
  reference: string;
  eventName: string;
  /** The edition's first and last moments, printed as its schedule in each page's language. */
  startsAt: Date;
  endsAt: Date;
  venue: string;
  /** Who organizes the festival (the settings' public details), printed under each pass. */
  organizer: OrganizerDetails;
  /** The language of what is not one holder's: the document's title, the note of no passes. */
  locale: Locale;
  passes: PrintablePass[];
}

/** The settings' public details of the organizers (settings/service.ts `getSettings`). */
export interface OrganizerDetails {
  legalName: string;
  publicEmail: string | null;
  publicPhone: string | null;
}

const m = {
  title: /*i18n*/ { id: 'pass-pdf.title', message: '{event} passes — {reference}' },
  label: /*i18n*/ { id: 'pass-pdf.label', message: 'Event pass · {role}' },
  footer: /*i18n*/ {
    id: 'pass-pdf.footer',
    message: 'Order {reference} · Show this page (printed or on screen) at the entrance.',
  },
  organizedBy: /*i18n*/ { id: 'pass-pdf.organized-by', message: 'Organized by {name}' },
  none: /*i18n*/ { id: 'pass-pdf.none', message: 'Order {reference} has no valid passes.' },
};

/**
 * "Organized by Startup Fest Gujarat Foundation · hello@… · +91 …" from the settings' public
 * details, in the language of `i18n` (English without it); null while the organizers have not
 * entered their legal name.
 */
export function organizerLine(details: OrganizerDetails, i18n: I18n = mailI18n()): string | null {
  if (!details.legalName) return null;
  return [
    i18n._({ ...m.organizedBy, values: { name: details.legalName } }),
    details.publicEmail,
    details.publicPhone,
  ]
    .filter(Boolean)
    .join(' · ');
}

const QR_POINTS = 220;
/** QR images drawn at once: bounds the images in memory for a check-in list's thousands of passes. */
const QR_BATCH = 8;

/** A page's language: its Lingui instance and the edition's schedule written in it. */
interface PageLanguage {
  i18n: I18n;
  schedule: string;
}

/** Draws one pass on a page of its own, in its holder's language. */
function drawPass(
  doc: PDFKit.PDFDocument,
  order: PrintableOrder,
  pass: PrintablePass,
  qrPng: Buffer,
  { i18n, schedule }: PageLanguage,
) {
  doc.addPage();
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  writeText(doc.fillColor('#1e1b4b').fontSize(22), order.eventName, 'bold', { width });
  writeText(doc.moveDown(0.3).fillColor('#374151').fontSize(12), schedule, 'regular', { width });
  writeText(doc, order.venue, 'regular', { width });
  const label = i18n._({ ...m.label, values: { role: categoryName(i18n, pass.participantCategoryId) } });
  // Capitals and letter spacing only for English: Gujarati and Devanagari have no capitals, and
  // spacing their glyphs apart pulls vowel signs and half forms off the letters they join.
  const latin = i18n.locale === 'en';
  writeText(
    doc.moveDown(1.5).fillColor('#6b7280').fontSize(11),
    latin ? label.toUpperCase() : label,
    'regular',
    { width, characterSpacing: latin ? 1.5 : 0 },
  );
  writeText(doc.moveDown(0.4).fillColor('#111827').fontSize(26), pass.attendeeName, 'bold', { width });
  const ticketName = shownText(pass.ticketTranslations, pass.locale, 'name', pass.ticketName).text;
  writeText(doc.moveDown(0.3).fontSize(13), ticketName, 'regular', { width });
  const qrTop = doc.y + 24;
  doc.image(qrPng, doc.page.margins.left + (width - QR_POINTS) / 2, qrTop, {
    width: QR_POINTS,
    height: QR_POINTS,
  });
  doc.y = qrTop + QR_POINTS + 16;
  doc.font('Courier-Bold').fontSize(20).text(pass.code, { width, align: 'center' });
  writeText(
    doc.moveDown(1.5).fontSize(10).fillColor('#6b7280'),
    i18n._({ ...m.footer, values: { reference: pass.orderReference ?? order.reference } }),
    'regular',
    { width, align: 'center' },
  );
  const organizer = organizerLine(order.organizer, i18n);
  if (organizer) writeText(doc.moveDown(0.5), organizer, 'regular', { width, align: 'center' });
}

/**
 * The PDF of an order's passes as bytes, each page in its holder's language; an order without
 * passes gives a one-page note in the order's.
 */
export async function renderPassesPdf(order: PrintableOrder): Promise<Buffer> {
  const i18n = mailI18n(order.locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    info: {
      Title: i18n._({ ...m.title, values: { event: order.eventName, reference: order.reference } }),
      Author: order.eventName,
    },
  });
  const bytes = buffer(doc);
  // Made once per language, not per page: a check-in list prints thousands of passes.
  const languages = new Map<Locale, PageLanguage>();
  const languageOf = (locale: Locale) => {
    let language = languages.get(locale);
    if (!language) {
      const pageI18n = locale === order.locale ? i18n : mailI18n(locale);
      language = { i18n: pageI18n, schedule: formatEventSchedule(order.startsAt, order.endsAt, pageI18n) };
      languages.set(locale, language);
    }
    return language;
  };

  for (let start = 0; start < order.passes.length; start += QR_BATCH) {
    const batch = order.passes.slice(start, start + QR_BATCH);
    const qrCodes = await Promise.all(batch.map((pass) => passQrPng(pass.qrPayload, 600)));
    batch.forEach((pass, index) => drawPass(doc, order, pass, qrCodes[index]!, languageOf(pass.locale)));
  }
  if (order.passes.length === 0) {
    writeText(
      doc.addPage().fontSize(14),
      i18n._({ ...m.none, values: { reference: order.reference } }),
      'regular',
    );
  }
  doc.end();
  return bytes;
}
