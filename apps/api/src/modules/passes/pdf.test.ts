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
import { describe, expect, it } from 'vitest';
import { organizerLine, renderPassesPdf } from './pdf.js';

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

/** The passes PDF of one order with a pass per name. */
function passesPdf(
  names: string[],
  eventName = 'Startup Fest Gujarat',
  organizer: string | null = null,
): Promise<Buffer> {
  return renderPassesPdf({
    reference: 'SFG24-TESTPDF001',
    eventName,
    schedule: '20–21 October 2024',
    venue: 'Ahmedabad',
    organizer,
    passes: names.map((attendeeName, index) => ({
      code: `SFG-TEST${index}`,
      qrPayload: `SFG1.payload-${index}`,
      attendeeName,
      role: 'Pitcher',
      ticketName: 'Gold Stall Package',
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
    const line = organizerLine({
      legalName: 'Startup Fest Gujarat Foundation',
      publicEmail: 'hello@startupfest.example',
      publicPhone: '+91 98250 12345',
    });
    expect(line).toBe(
      'Organized by Startup Fest Gujarat Foundation · hello@startupfest.example · +91 98250 12345',
    );
    const pages = pdfText(await passesPdf(['Asha', 'Ravi'], undefined, line))
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page.replace(/\s+/g, ' ')).toContain(line);
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
});
