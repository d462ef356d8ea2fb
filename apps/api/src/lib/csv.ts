/**
 * CSV exports for spreadsheets (csv-stringify, streamed). Every text cell that a spreadsheet
 * would read as a formula — starting with `=`, `+`, `-`, `@`, a tab or a carriage return — is
 * prefixed with `'` (OWASP "CSV Injection"), so a registrant's name like `=HYPERLINK(…)` opens
 * as text. Numbers are written as numbers.
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
  value(row: T): string | number | null;
}

/** Streams `rows` as CSV (UTF-8 with a byte-order mark, so Excel reads ₹ and Gujarati names). */
export function csvStream<T>(rows: Iterable<T> | AsyncIterable<T>, columns: CsvColumn<T>[]): Readable {
  const stringifier = stringify({ header: true, columns: columns.map((column) => column.header), bom: true });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) {
        yield columns.map((column) => {
          const value = column.value(row);
          return typeof value === 'string' ? neutraliseFormula(value) : (value ?? '');
        });
      }
    })(),
  );
  return source.pipe(stringifier);
}
