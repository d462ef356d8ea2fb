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
import { renderPassesPdf } from './pdf.js';

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pass-pdf-'));
  try {
    const file = path.join(dir, 'passes.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page of the passes PDF of one order with a pass per name. */
async function passPages(names: string[], eventName = 'Startup Fest Gujarat'): Promise<string[]> {
  const pdf = await renderPassesPdf({
    reference: 'SFG24-TESTPDF001',
    eventName,
    schedule: '20–21 October 2024',
    venue: 'Ahmedabad',
    passes: names.map((attendeeName, index) => ({
      code: `SFG-TEST${index}`,
      qrPayload: `SFG1.payload-${index}`,
      attendeeName,
      role: 'Pitcher',
      ticketName: 'Gold Stall Package',
    })),
  });
  return pdfText(pdf)
    .split('\f')
    .filter((page) => page.trim());
}

describe('renderPassesPdf', () => {
  it('prints names outside WinAnsi as typed, one page per pass', async () => {
    const names = ['Aarav Shāh', 'Łukasz Ørsted', 'Ирина Петрова'];
    const pages = await passPages(names);
    expect(pages).toHaveLength(3);
    names.forEach((name, index) => expect(pages[index]).toContain(name));
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
