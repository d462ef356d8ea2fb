/**
 * Tax document numbers (CGST Rules 2017 rule 46(b)): a consecutive serial per financial year
 * (1 April – 31 March, India time), at most 16 characters of letters, digits, `-` and `/`.
 * Invoices read `<prefix>/<yy><yy>/<n>` (`SFG/2526/42`), credit notes `<prefix>/<yy><yy>/C<n>` and
 * debit notes (CGST Act s.34(3): an upgraded ticket) `<prefix>/<yy><yy>/D<n>`, each a series of
 * its own. Pure functions.
 */
import { EVENT_TIME_ZONE } from '@festival/shared';

export const DOCUMENT_KINDS = ['invoice', 'credit_note', 'debit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What a document number carries before its serial, so the three series never share a number. */
const SERIES_MARK: Record<DocumentKind, string> = { invoice: '', credit_note: 'C', debit_note: 'D' };

/** Rule 46(b): at most sixteen characters. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;
const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

const yearMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

/** The financial year of an instant in India time, as four digits: `2526` for April 2025 – March 2026. */
export function financialYearOf(instant: Date): string {
  const parts = yearMonth.formatToParts(instant);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  const start = month >= 4 ? year : year - 1;
  const two = (value: number) => String(value % 100).padStart(2, '0');
  return `${two(start)}${two(start + 1)}`;
}

/**
 * The number of the `sequence`-th document of a series in a financial year.
 * @throws RangeError when it would not fit rule 46(b) (more than 99,999 invoices or 9,999
 *   credit notes in a year with a 5-character prefix): the organizer must shorten the prefix
 */
export function documentNumber(
  kind: DocumentKind,
  prefix: string,
  financialYear: string,
  sequence: number,
): string {
  const number = `${prefix}/${financialYear}/${SERIES_MARK[kind]}${sequence}`;
  if (!DOCUMENT_NUMBER_PATTERN.test(number)) {
    throw new RangeError(
      `Document number ${number} is longer than 16 characters; shorten the invoice prefix`,
    );
  }
  return number;
}
