/**
 * Text for PDFKit documents (passes, tax invoices) in the scripts people in Gujarat write
 * their names in. A text the standard PDF fonts can encode (WinAnsi: ASCII, Western European
 * letters, typographic quotes and dashes) is drawn in the built-in Helvetica, which embeds
 * nothing: about a tenth of the time of a document that embeds a font. Any other text is drawn
 * in embedded fonts: Latin, Greek and Cyrillic in DejaVu Sans (`dejavu-fonts-ttf`), Gujarati and
 * Devanagari in Noto Sans Gujarati and Noto Sans Devanagari (fontsource's script subsets), which
 * PDFKit's fontkit shapes: conjuncts, reph and vowel signs as written. PDFKit has no font
 * fallback, so `writeText` cuts such a text into runs of one script and writes them one after
 * another on the same line (`continued`). Other scripts (Tamil, Bengali, CJK…) are not
 * covered: their characters draw as empty boxes.
 */
import { createRequire } from 'node:module';

export type Weight = 'regular' | 'bold';

const resolve = createRequire(import.meta.url).resolve;
const notoFile = (script: 'gujarati' | 'devanagari', weight: number) =>
  resolve(`@fontsource/noto-sans-${script}/files/noto-sans-${script}-${script}-${weight}-normal.woff`);

/** Font files per script and weight (paths PDFKit's `font()` takes). */
export const PDF_FONTS = {
  latin: {
    regular: resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  },
  gujarati: { regular: notoFile('gujarati', 400), bold: notoFile('gujarati', 700) },
  devanagari: { regular: notoFile('devanagari', 400), bold: notoFile('devanagari', 700) },
} as const;

type Script = keyof typeof PDF_FONTS;

/** The built-in fonts, for WinAnsi text. */
const STANDARD_FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

/** Whether the standard fonts can draw all of `text`: Windows-1252 (WinAnsiEncoding, PDF 32000 D.2). */
const WIN_ANSI = /^[\t\n\x20-\x7E\xA0-\xFF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/u;

/*
 * Script_Extensions, so the dandas (।॥), shared by both scripts, stay in the run they end; the
 * zero-width joiners belong to Indic runs, where they choose a conjunct's form. Everything
 * else (spaces, digits, punctuation, Latin…) is a DejaVu run.
 */
const RUN =
  /([\p{Script_Extensions=Gujarati}\u200C\u200D]+)|([\p{Script_Extensions=Devanagari}\u200C\u200D]+)|([^\p{Script_Extensions=Gujarati}\p{Script_Extensions=Devanagari}\u200C\u200D]+)/gu;

/** `text` cut into runs of one script, in order; their concatenation is `text`. */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  return Array.from(text.matchAll(RUN), ([run, gujarati, devanagari]) => ({
    script: gujarati ? 'gujarati' : devanagari ? 'devanagari' : 'latin',
    text: run,
  }));
}

/**
 * Writes `text` at the document's position (or at `x`, `y`) in `weight`: in Helvetica when it
 * is WinAnsi, else each script run in its font, with PDFKit's text `options` (width, align…)
 * for the whole text. Returns `doc`, for chaining.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  weight: Weight,
  options: PDFKit.Mixins.TextOptions & { x?: number; y?: number } = {},
): PDFKit.PDFDocument {
  const { x, y, ...textOptions } = options;
  if (WIN_ANSI.test(text)) return doc.font(STANDARD_FONTS[weight]).text(text, x, y, textOptions);
  // Not empty: an empty text is WinAnsi.
  const runs = scriptRuns(text);
  if (runs.length > 1 && (textOptions.align === 'center' || textOptions.align === 'right')) {
    return writeAlignedRuns(doc, text, weight, { ...textOptions, x, y });
  }
  runs.forEach((run, index) => {
    const continued = index < runs.length - 1;
    doc.font(PDF_FONTS[run.script][weight]);
    if (index === 0 && x !== undefined) doc.text(run.text, x, y, { ...textOptions, continued });
    else doc.text(run.text, { ...textOptions, continued });
  });
  return doc.font(PDF_FONTS.latin[weight]);
}

/**
 * Centred or right-aligned text of several scripts. PDFKit aligns each `continued` piece of a
 * line as if it were the whole line, so the runs of one line overprint each other; here the
 * text is broken into lines at spaces (by `textWidth`), and each line's runs are drawn one after
 * another from where the aligned line starts.
 */
function writeAlignedRuns(
  doc: PDFKit.PDFDocument,
  text: string,
  weight: Weight,
  options: PDFKit.Mixins.TextOptions & { x?: number; y?: number },
): PDFKit.PDFDocument {
  const left = options.x ?? doc.x;
  const width = options.width ?? doc.page.width - doc.page.margins.right - left;
  if (options.y !== undefined) doc.y = options.y;
  for (const line of linesOf(doc, text, weight, width)) {
    const offset = width - textWidth(doc, line, weight);
    let cursor = left + (options.align === 'center' ? offset / 2 : offset);
    const top = doc.y;
    let height = 0;
    for (const run of scriptRuns(line)) {
      doc.font(PDF_FONTS[run.script][weight]).text(run.text, cursor, top, { lineBreak: false });
      cursor += doc.widthOfString(run.text);
      height = Math.max(height, doc.currentLineHeight(true));
    }
    doc.x = left;
    doc.y = top + height + (options.lineGap ?? 0);
  }
  return doc.font(PDF_FONTS.latin[weight]);
}

/** `text` broken at spaces into lines no wider than `width` (a longer word keeps a line of its own). */
function linesOf(doc: PDFKit.PDFDocument, text: string, weight: Weight, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(doc, candidate, weight) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The width in points of `text` on one line at the document's font size, in the fonts
 * `writeText` would draw it in (so a caller can shrink a long name until it fits).
 */
export function textWidth(doc: PDFKit.PDFDocument, text: string, weight: Weight): number {
  if (WIN_ANSI.test(text)) return doc.font(STANDARD_FONTS[weight]).widthOfString(text);
  return scriptRuns(text).reduce(
    (width, run) => width + doc.font(PDF_FONTS[run.script][weight]).widthOfString(run.text),
    0,
  );
}
