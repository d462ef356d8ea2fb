/**
 * Reads an attendee import file, CSV or XLSX (exceljs reads both), into rows of text by the
 * header of their column. What the export wrote comes back as it was: the byte-order mark is
 * dropped and so is the `'` the CSV export puts before a cell a spreadsheet would take for a
 * formula (lib/csv.ts), so a phone number `'+91 98765 43210` reads `+91 98765 43210`.
 */
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS, REQUIRED_IMPORT_COLUMNS } from '@festival/shared';
import { ValidationError } from '../../errors.js';

/** One data row: its number in the file (the header is row 1) and its cells by column header. */
export interface ImportFileRow {
  row: number;
  cells: Map<string, string>;
}

/** An XLSX file is a ZIP archive: it starts with `PK\x03\x04`. */
const isZip = (file: Buffer) => file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

function cellText(value: ExcelJS.CellValue | undefined, text: string): string {
  if (value === null || value === undefined) return '';
  return text
    .replace(/^\uFEFF/, '')
    .replace(NEUTRALISED, '')
    .trim();
}

async function worksheetOf(file: Buffer): Promise<ExcelJS.Worksheet | undefined> {
  // Loaded when a file arrives, not at start-up: exceljs is 413 modules.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  if (isZip(file)) {
    try {
      // exceljs's typings name an older Buffer type; a Node Buffer is what it reads.
      await workbook.xlsx.load(file as unknown as ArrayBuffer);
    } catch {
      throw new ValidationError(
        'This XLSX file could not be read. Save it again from your spreadsheet, or export CSV.',
        {
          file: 'This XLSX file could not be read',
        },
      );
    }
    return workbook.worksheets[0];
  }
  if (file.includes(0)) {
    throw new ValidationError('Upload a CSV or XLSX file', { file: 'Upload a CSV or XLSX file' });
  }
  // Every cell as the text it is: exceljs would otherwise turn "0123" into a number.
  return workbook.csv.read(Readable.from([file]), { map: (datum: string) => datum });
}

/**
 * The data rows of an import file, skipping blank ones, with the file's headers checked.
 * @throws ValidationError not CSV or XLSX, unreadable, no header row, a required column
 *   missing, no data rows or more than MAX_IMPORT_ROWS (400)
 */
export async function readImportFile(file: Buffer): Promise<ImportFileRow[]> {
  const sheet = await worksheetOf(file);
  const headerRow = sheet?.getRow(1);
  const headers = new Map<number, string>();
  headerRow?.eachCell((cell, column) => {
    const header = cellText(cell.value, cell.text);
    if (header) headers.set(column, header);
  });
  const known = new Set<string>(IMPORT_COLUMNS.map((column) => column.header));
  const missing = REQUIRED_IMPORT_COLUMNS.filter((header) => ![...headers.values()].includes(header));
  if (!sheet || missing.length > 0) {
    const message = `The file needs the columns of the registration export; missing: ${missing.join(', ')}`;
    throw new ValidationError(message, { file: message });
  }
  const rows: ImportFileRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = new Map<string, string>();
    for (const [column, header] of headers) {
      if (!known.has(header)) continue;
      const cell = row.getCell(column);
      cells.set(header, cellText(cell.value, cell.text));
    }
    if ([...cells.values()].some((value) => value !== '')) rows.push({ row: number, cells });
  });
  if (rows.length === 0) {
    throw new ValidationError('The file has no attendees below its header row', {
      file: 'No rows to import',
    });
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    const message = `At most ${MAX_IMPORT_ROWS} rows per file; this one has ${rows.length}. Split it and import the parts.`;
    throw new ValidationError(message, { file: message });
  }
  return rows;
}
