/**
 * CSV exports for spreadsheets (csv-stringify, streamed). Every text cell that a spreadsheet
 * would read as a formula — starting with `=`, `+`, `-`, `@`, a tab or a carriage return — is
 * prefixed with `'` (OWASP "CSV Injection"), so a registrant's name like `=HYPERLINK(…)` opens
 * as text. Numbers are written as numbers; instants (`Date`) as India time, `20 Oct 2024, 9:30 am`.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell value made safe to open in a spreadsheet. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export interface CsvColumn<T> {
  header: string;
  /** A `Date` is an instant: India time in CSV, a date cell in XLSX (lib/xlsx.ts). */
  value(row: T): string | number | Date | null;
}

const indiaTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Streams `rows` as CSV (UTF-8 with a byte-order mark, so Excel reads ₹ and Gujarati names). */
export function csvStream<T>(rows: Iterable<T> | AsyncIterable<T>, columns: CsvColumn<T>[]): Readable {
  const stringifier = stringify({ header: true, columns: columns.map((column) => column.header), bom: true });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) {
        yield columns.map((column) => {
          const value = column.value(row);
          if (value instanceof Date) return indiaTime.format(value);
          return typeof value === 'string' ? neutraliseFormula(value) : (value ?? '');
        });
      }
    })(),
  );
  return source.pipe(stringifier);
}
