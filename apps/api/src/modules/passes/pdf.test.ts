/**
 * The printable passes print a name as typed, beyond the built-in PDF fonts' WinAnsi
 * (Helvetica drew "Shāh" as "Sh€"): the text read back with pdftotext is the name.
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

describe('renderPassesPdf', () => {
  it('prints names outside WinAnsi as typed, one page per pass', async () => {
    const names = ['Aarav Shāh', 'Łukasz Ørsted', 'Ирина Петрова'];
    const pdf = await renderPassesPdf({
      reference: 'SFG24-TESTPDF001',
      eventName: 'Startup Fest Gujarat',
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
    const pages = pdfText(pdf)
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(3);
    names.forEach((name, index) => expect(pages[index]).toContain(name));
  });
});
