/**
 * A tax document's lines summed by GST rate: what the document prints below its lines and what
 * GSTR-1 reports of it (a row per invoice and rate, decision 029).
 */
import type { TaxDocumentLineRow } from './repository.js';

/** What a document bills or credits at one rate, in paise. */
export interface RateSums {
  rateBp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** The lines' amounts summed by rate, in the order the rates first appear among the lines. */
export function sumsByRate(lines: readonly TaxDocumentLineRow[]): RateSums[] {
  const byRate = new Map<number, RateSums>();
  for (const line of lines) {
    const sums = byRate.get(line.rateBp) ?? { rateBp: line.rateBp, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    byRate.set(line.rateBp, {
      rateBp: line.rateBp,
      taxable: sums.taxable + line.taxable,
      cgst: sums.cgst + line.cgst,
      sgst: sums.sgst + line.sgst,
      igst: sums.igst + line.igst,
    });
  }
  return [...byRate.values()];
}
