/**
 * The printable passes print a name as typed, beyond the built-in PDF fonts' WinAnsi
 * (Helvetica drew "Shāh" as "Sh€"): the text read back with pdftotext is the name. Gujarati
 * and Devanagari are shaped, so pdftotext reads their glyphs in visual order (a vowel sign
 * drawn before its consonant comes first); what is compared for them is the characters.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@festival/shared';
import { PDF_FONTS } from '../../lib/pdf-text.js';
import { mailI18n } from '../mail/i18n.js';
import { formatEventSchedule } from '../mail/layout.js';
import { organizerLine, renderPassesPdf, type OrganizerDetails } from './pdf.js';

/** The output of poppler's `tool` (pdftotext, pdffonts) on the PDF `bytes`. */
function pdfTool(tool: 'pdftotext' | 'pdffonts', bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pass-pdf-'));
  try {
    const file = path.join(dir, 'passes.pdf');
    writeFileSync(file, bytes);
    return execFileSync(tool, tool === 'pdftotext' ? [file, '-'] : [file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pdfText = (bytes: Buffer) => pdfTool('pdftotext', bytes);

/** 20–21 October 2024, 10:00 to 19:00 in India. */
const STARTS = new Date('2024-10-20T04:30:00Z');
const ENDS = new Date('2024-10-21T13:30:00Z');
const NO_ORGANIZER: OrganizerDetails = { legalName: '', publicEmail: null, publicPhone: null };
const FOUNDATION: OrganizerDetails = {
  legalName: 'Startup Fest Gujarat Foundation',
  publicEmail: 'hello@startupfest.example',
  publicPhone: '+91 98250 12345',
};

/** The passes PDF of one order with a pass per name, each holder reading `locales[i]` (English). */
function passesPdf(
  names: string[],
  eventName = 'Startup Fest Gujarat',
  organizer = NO_ORGANIZER,
  locales: Locale[] = [],
): Promise<Buffer> {
  return renderPassesPdf({
    reference: 'SFG24-TESTPDF001',
    eventName,
    startsAt: STARTS,
    endsAt: ENDS,
    venue: 'Ahmedabad',
    organizer,
    locale: 'en',
    passes: names.map((attendeeName, index) => ({
      code: `SFG-TEST${index}`,
      qrPayload: `SFG1.payload-${index}`,
      attendeeName,
      participantCategoryId: 1,
      ticketName: 'Gold Stall Package',
      ticketTranslations: {},
      locale: locales[index] ?? 'en',
    })),
  });
}

/** The text of each page of `passesPdf(names, eventName)`. */
async function passPages(names: string[], eventName?: string): Promise<string[]> {
  return pdfText(await passesPdf(names, eventName))
    .split('\f')
    .filter((page) => page.trim());
}

describe('renderPassesPdf', () => {
  it('names the organizer under each pass once the settings hold their legal name', async () => {
    const line = organizerLine(FOUNDATION);
    expect(line).toBe(
      'Organized by Startup Fest Gujarat Foundation · hello@startupfest.example · +91 98250 12345',
    );
    const pages = pdfText(await passesPdf(['Asha', 'Ravi'], undefined, FOUNDATION))
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page.replace(/\s+/g, ' ')).toContain(line);
    expect(pages[0]).toContain('EVENT PASS · PITCHER');
    expect(pages[0]).toContain('20–21 October 2024, 10:00 am – 7:00 pm IST');
    expect(organizerLine({ legalName: '', publicEmail: 'a@b.example', publicPhone: null })).toBeNull();
    expect(pdfText(await passesPdf(['Asha']))).not.toContain('Organized by');
  });

  it('prints names outside WinAnsi as typed, one page per pass', async () => {
    const names = ['Aarav Shāh', 'Łukasz Ørsted', 'Ирина Петрова'];
    const pages = await passPages(names);
    expect(pages).toHaveLength(3);
    names.forEach((name, index) => expect(pages[index]).toContain(name));
  });

  it('embeds no font when the standard fonts can print every text (a tenth of the time)', async () => {
    const pdf = await passesPdf(['Zoë Müller']);
    const fonts = pdfTool('pdffonts', pdf);
    expect(fonts).toContain('Helvetica-Bold');
    expect(fonts).not.toMatch(/DejaVu|Noto/);
    expect(pdfText(pdf)).toContain('Zoë Müller');
  });

  it('prints Gujarati and Devanagari names in fonts that have their letters', async () => {
    // A font without the script draws nothing pdftotext can read back.
    const names = ['ક્ષિતિજ પ્રજાપતિ', 'अर्जुन त्रिवेदी', 'Aarav શાહ'];
    const festival = 'સ્ટાર્ટઅપ ફેસ્ટ ગુજરાત';
    const pages = await passPages(names, festival);
    const letters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
    expect(pages).toHaveLength(3);
    names.forEach((name, index) => {
      const lines = pages[index]!.split('\n').map(letters);
      expect(lines).toContain(letters(name));
      expect(lines).toContain(letters(festival));
    });
  });

  it('writes each pass in its holder’s language, shaped, with Latin digits; organizers’ words as typed', async () => {
    const pdf = await passesPdf(
      ['ક્ષમા પટેલ', 'अक्षय शर्मा', 'Asha Rao'],
      'Startup Fest Gujarat 2024',
      FOUNDATION,
      ['gu', 'hi', 'en'],
    );
    const pages = pdfText(pdf)
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(3);
    // pdftotext reads shaped Indic glyphs in visual order: a line is compared by its letters.
    const letters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
    const lines = (page: string) => page.split('\n').map(letters);
    const [gujarati, hindi, english] = pages as [string, string, string];

    for (const text of [
      'ક્ષમા પટેલ',
      'ઇવેન્ટ પાસ · પિચર',
      'આયોજક: Startup Fest Gujarat Foundation · hello@startupfest.example · +91 98250 12345',
      'ઑર્ડર SFG24-TESTPDF001 · પ્રવેશદ્વાર પર આ પાનું (છાપેલું કે સ્ક્રીન પર) બતાવો.',
    ]) {
      expect(lines(gujarati), text).toContain(letters(text));
    }
    // The dates in Gujarati month names with Latin digits, in India time.
    const schedule = formatEventSchedule(STARTS, ENDS, mailI18n('gu'));
    expect(schedule).toMatch(/^20–21 ઑક્ટોબર, 2024, 10:00 .+ – 7:00 .+ IST$/);
    expect(lines(gujarati)).toContain(letters(schedule));
    expect(gujarati).not.toMatch(/[\u0AE6-\u0AEF\u0966-\u096F]/);

    expect(lines(hindi)).toContain(letters(formatEventSchedule(STARTS, ENDS, mailI18n('hi'))));
    for (const text of [
      'अक्षय शर्मा',
      'इवेंट पास · पिचर',
      'ऑर्डर SFG24-TESTPDF001 · प्रवेश द्वार पर यह पेज (प्रिंट किया हुआ या स्क्रीन पर) दिखाएँ।',
    ]) {
      expect(lines(hindi), text).toContain(letters(text));
    }
    // What organizers typed prints as typed in every language.
    for (const page of pages) {
      expect(page).toContain('Startup Fest Gujarat 2024');
      expect(page).toContain('Gold Stall Package');
      expect(page).toContain('Ahmedabad');
    }
    expect(english).toContain('EVENT PASS · PITCHER');
    expect(english).not.toMatch(/[\u0A80-\u0AFF\u0900-\u097F]/);
  });

  it('keeps conjuncts whole: क्ष and ક્ષ are shaped into one glyph, and read back as typed', async () => {
    // PDFKit lays text out with fontkit, which applies the fonts' OpenType conjunct forms: the
    // conjunct is one glyph, narrower than its consonants drawn apart with a visible virama.
    const doc = new PDFDocument({ size: 'A4' }).fontSize(20);
    for (const [script, conjunct] of [
      ['gujarati', 'ક્ષ'],
      ['devanagari', 'क्ष'],
    ] as const) {
      doc.font(PDF_FONTS[script].regular);
      const apart = [...conjunct].reduce((width, letter) => width + doc.widthOfString(letter), 0);
      expect(doc.widthOfString(conjunct), conjunct).toBeLessThan(0.75 * apart);
    }
    doc.end();

    const pdf = await passesPdf(['ક્ષમા', 'अक्षय'], undefined, NO_ORGANIZER, ['gu', 'hi']);
    const fonts = pdfTool('pdffonts', pdf);
    expect(fonts).toMatch(/NotoSansGujarati/);
    expect(fonts).toMatch(/NotoSansDevanagari/);
    // Each glyph maps back to the characters it was shaped from (the fonts' ToUnicode).
    const text = pdfText(pdf);
    expect(text).toContain('ક્ષ');
    expect(text).toContain('क्ष');
  });
});
