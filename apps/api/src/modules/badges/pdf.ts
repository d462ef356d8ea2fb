/**
 * Name badges as a PDF, made with PDFKit (https://pdfkit.org) as the printable passes are, with
 * lib/pdf-text's fonts: names print as typed, Gujarati and Devanagari shaped (Noto Sans), Latin,
 * Greek and Cyrillic in DejaVu Sans. Each badge: the edition's name, the attendee's name (as large
 * as fits, wrapping, down to a floor), their company, the pass's QR code (the pass's own signed
 * token, so the badge scans at the gate as the pass does) with its code under it, and a band in
 * the category's colour with the category's name written on it.
 *
 * Layouts (shared/admin-badges.ts): `a6`, one badge per A6 page; `labels`, eight per A4 sheet of
 * the Avery L7165 layout: labels 99.1 × 67.7 mm, two across and four down, 13.1 mm top and
 * bottom margins, 4.65 mm side margins and 2.5 mm between the columns, none between the rows.
 */
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import type { BadgeLayout } from '@festival/shared';
import { textWidth, writeText, type Weight } from '../../lib/pdf-text.js';
import { passQrPng } from '../passes/service.js';

export interface PrintableBadge {
  code: string;
  /** The pass's signed token (`signTokensOf`), which its QR code carries. */
  qrPayload: string;
  name: string;
  company: string | null;
  category: string;
  /** The category's band colour and the colour of its name on it (#RRGGBB). */
  colours: { band: string; text: string };
}

/** Points in a millimetre (a point is 1/72 inch). */
const MM = 72 / 25.4;

/** Where one badge's parts go, in points from the badge's top-left corner. */
interface BadgeGeometry {
  width: number;
  height: number;
  padding: number;
  edition: { size: number };
  name: { top: number; width: number; height: number; max: number; min: number };
  /** Under the name, as far down as `bottom`. */
  company: { width: number; bottom: number; size: number };
  qr: { left: number; top: number; side: number };
  /**
   * Across the foot of the badge, `inset` in from its sides and bottom: desktop printers leave
   * 3–5 mm of an A6 page blank, and a label sheet fed a little askew must not print the band onto
   * the next label.
   */
  band: { height: number; size: number; inset: number };
}

const A6_WIDTH = 105 * MM;
const A6_HEIGHT = 148 * MM;
const A6: BadgeGeometry = {
  width: A6_WIDTH,
  height: A6_HEIGHT,
  padding: 8 * MM,
  edition: { size: 12 },
  name: { top: 48, width: A6_WIDTH - 16 * MM, height: 104, max: 32, min: 14 },
  company: { width: A6_WIDTH - 16 * MM, bottom: 194, size: 14 },
  qr: { left: (A6_WIDTH - 140) / 2, top: 198, side: 140 },
  band: { height: 50, size: 22, inset: 5 * MM },
};

const LABEL_WIDTH = 99.1 * MM;
const LABEL_HEIGHT = 67.7 * MM;
const LABEL_QR = 116;
const LABEL: BadgeGeometry = {
  width: LABEL_WIDTH,
  height: LABEL_HEIGHT,
  padding: 5 * MM,
  edition: { size: 9 },
  name: { top: 30, width: LABEL_WIDTH - 10 * MM - LABEL_QR - 8, height: 66, max: 22, min: 10 },
  company: { width: LABEL_WIDTH - 10 * MM - LABEL_QR - 8, bottom: LABEL_HEIGHT - 40, size: 10 },
  qr: { left: LABEL_WIDTH - 5 * MM - LABEL_QR, top: 8, side: LABEL_QR },
  band: { height: 30, size: 15, inset: 2 * MM },
};

/** The L7165 sheet: label origins on an A4 page, row by row. */
const SHEET = { top: 13.1 * MM, left: 4.65 * MM, columnPitch: (99.1 + 2.5) * MM, columns: 2, rows: 4 };

/** QR codes drawn at once: bounds the images held in memory for a list of thousands. */
const QR_BATCH = 8;
/** Pixels of a QR image: 6 px a module (318 px), sharp at 42–49 mm in print; see `passQrPng`. */
const QR_PIXELS = 300;

/** Line height of `text` at the current size in the tallest of the fonts `writeText` draws it in. */
function lineHeight(doc: PDFKit.PDFDocument, text: string, weight: Weight): number {
  const words = text.split(/\s+/).filter(Boolean);
  let tallest = 0;
  // Each word alone sets its fonts; the height of a font does not depend on the word.
  for (const word of words) {
    textWidth(doc, word, weight);
    tallest = Math.max(tallest, doc.currentLineHeight(true));
  }
  return tallest || doc.currentLineHeight(true);
}

/** Lines `text` wraps into at the current size within `width` (greedy, at spaces, as PDFKit wraps). */
function wrappedLines(doc: PDFKit.PDFDocument, text: string, weight: Weight, width: number): number | null {
  const space = textWidth(doc, ' ', weight);
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const wide = textWidth(doc, word, weight);
    if (wide > width) return null;
    if (used > 0 && used + space + wide > width) {
      lines += 1;
      used = wide;
    } else used += (used > 0 ? space : 0) + wide;
  }
  return lines;
}

/**
 * Writes `text` in a box as large as fits (from `max` down to `min` points, whole sizes), wrapping
 * at spaces; at `min` what does not fit is cut off at the box's edge rather than drawn over the
 * next part. Returns the height the text takes, at most the box's.
 */
function fitText(
  doc: PDFKit.PDFDocument,
  text: string,
  weight: Weight,
  box: { x: number; y: number; width: number; height: number; max: number; min: number },
) {
  let size = box.max;
  let height = box.height;
  for (; size >= box.min; size -= 1) {
    doc.fontSize(size);
    const lines = wrappedLines(doc, text, weight, box.width);
    height = (lines ?? Infinity) * lineHeight(doc, text, weight);
    if (height <= box.height) break;
  }
  if (size < box.min) {
    // Even the floor does not fit (a word wider than the box, which PDFKit then breaks): the
    // height PDFKit's own wrapping gives, in the font of the text's last word.
    size = box.min;
    doc.fontSize(size);
    textWidth(doc, text, weight);
    height = doc.heightOfString(text, { width: box.width, lineGap: 0 });
  }
  doc.save().rect(box.x, box.y, box.width, box.height).clip();
  writeText(doc.fontSize(size), text, weight, { x: box.x, y: box.y, width: box.width, lineGap: 0 });
  doc.restore();
  return Math.min(height, box.height);
}

/** Draws one badge with its top-left corner at (`x`, `y`). */
function drawBadge(
  doc: PDFKit.PDFDocument,
  geometry: BadgeGeometry,
  x: number,
  y: number,
  badge: PrintableBadge,
  editionName: string,
  qrPng: Buffer,
) {
  const { padding, width, height } = geometry;
  const qrBeside = geometry.qr.left > geometry.name.width;
  const editionWidth = qrBeside ? geometry.name.width : width - 2 * padding;
  doc
    .save()
    .rect(x, y, editionWidth + padding, geometry.name.top)
    .clip();
  writeText(doc.fillColor('#4b5563').fontSize(geometry.edition.size), editionName, 'bold', {
    x: x + padding,
    y: y + padding,
    width: editionWidth,
    lineBreak: false,
    ellipsis: true,
  });
  doc.restore();

  doc.fillColor('#111827');
  const nameHeight = fitText(doc, badge.name, 'bold', {
    x: x + padding,
    y: y + geometry.name.top,
    width: geometry.name.width,
    height: geometry.name.height,
    max: geometry.name.max,
    min: geometry.name.min,
  });
  if (badge.company) {
    const top = y + geometry.name.top + nameHeight + geometry.company.size / 2;
    doc
      .save()
      .rect(x + padding, top, geometry.company.width, y + geometry.company.bottom - top)
      .clip();
    writeText(doc.fillColor('#374151').fontSize(geometry.company.size), badge.company, 'regular', {
      x: x + padding,
      y: top,
      width: geometry.company.width,
    });
    doc.restore();
  }

  const qr = geometry.qr;
  doc.image(qrPng, x + qr.left, y + qr.top, { width: qr.side, height: qr.side });
  doc
    .font('Courier')
    .fontSize(qrBeside ? 7 : 9)
    .fillColor('#374151')
    .text(badge.code, x + qr.left, y + qr.top + qr.side + 1, {
      width: qr.side,
      align: 'center',
      lineBreak: false,
    });

  const { inset } = geometry.band;
  const bandTop = y + height - inset - geometry.band.height;
  doc.rect(x + inset, bandTop, width - 2 * inset, geometry.band.height).fill(badge.colours.band);
  const bandText = badge.category.toUpperCase();
  doc.fontSize(geometry.band.size);
  const textTop = bandTop + (geometry.band.height - doc.currentLineHeight()) / 2;
  writeText(doc.fillColor(badge.colours.text), bandText, 'bold', {
    x,
    y: textTop,
    width,
    align: 'center',
    characterSpacing: 1,
    lineBreak: false,
  });
}

/**
 * The badges as a PDF's bytes, in the given order, with the edition's name on each (at least
 * one badge: the service refuses to print none). QR images are drawn `QR_BATCH` at a time, so memory holds the
 * document being built and one batch of images, not an image per badge.
 */
export async function renderBadgesPdf(options: {
  editionName: string;
  /** What the document is of, for its title: "order SFG-…", "check-in list Main gate". */
  title: string;
  layout: BadgeLayout;
  badges: PrintableBadge[];
}): Promise<Buffer> {
  const { editionName, layout, badges } = options;
  const doc = new PDFDocument({
    size: layout === 'a6' ? 'A6' : 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${editionName} badges — ${options.title}`, Author: editionName },
  });
  const bytes = buffer(doc);
  const perPage = layout === 'a6' ? 1 : SHEET.columns * SHEET.rows;
  const geometry = layout === 'a6' ? A6 : LABEL;
  for (let start = 0; start < badges.length; start += QR_BATCH) {
    const batch = badges.slice(start, start + QR_BATCH);
    const images = await Promise.all(batch.map((badge) => passQrPng(badge.qrPayload, QR_PIXELS)));
    batch.forEach((badge, offset) => {
      const index = start + offset;
      const slot = index % perPage;
      if (slot === 0) doc.addPage();
      const x = layout === 'a6' ? 0 : SHEET.left + (slot % SHEET.columns) * SHEET.columnPitch;
      const y = layout === 'a6' ? 0 : SHEET.top + Math.floor(slot / SHEET.columns) * LABEL_HEIGHT;
      drawBadge(doc, geometry, x, y, badge, editionName, images[offset]!);
    });
  }
  doc.end();
  return bytes;
}
