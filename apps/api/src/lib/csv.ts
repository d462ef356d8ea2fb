/**
 * CSV exports for spreadsheets (csv-stringify, streamed). Every text cell that a spreadsheet
 * would read as a formula — starting with `=`, `+`, `-`, `@`, a tab or a carriage return — is
 * prefixed with `'` (OWASP "CSV Injection"), so a registrant's name like `=HYPERLINK(…)` opens
 * as text. Numbers are written as numbers; instants (`Date`) as India time, `20 Oct 2024, 9:30 am`.
 *
 * A phone column (`kind: 'phone'`) writes a number as stored, `+91 9909011223`, without the `'`:
 * the tools a CSV feeds (mail merge, CRM, messaging imports) need the `+` first, and a plus,
 * digits and one space cannot make a formula that calls or links anything. A value of any other
 * shape in that column is neutralised like any text. A spreadsheet that should keep the number
 * as text opens the XLSX export, whose cells are typed.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

const FORMULA_START = /^[=+\-@\t\r]/;
/** A stored phone number: ISD code and national number (registrations' `country_code contact_no`). */
const STORED_PHONE = /^\+\d{1,4} \d{4,15}$/;

/** A cell value made safe to open in a spreadsheet. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export interface CsvColumn<T> {
  header: string;
  /** A `Date` is an instant: India time in CSV, a date cell in XLSX (lib/xlsx.ts). */
  value(row: T): string | number | Date | null;
  /** `phone`: a stored phone number is written without the formula guard's `'` (see above). */
  kind?: 'phone';
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
          if (typeof value !== 'string') return value ?? '';
          return column.kind === 'phone' && STORED_PHONE.test(value) ? value : neutraliseFormula(value);
        });
      }
    })(),
  );
  return source.pipe(stringifier);
}
