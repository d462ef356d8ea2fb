import { describe, expect, it } from 'vitest';
import { documentNumber, financialYearOf } from './numbering.js';

describe('financial year (April–March, India time)', () => {
  it('starts on 1 April in India, even while it is still 31 March in UTC', () => {
    // 31 March 2026 20:00 UTC is 1 April 2026 01:30 in India.
    expect(financialYearOf(new Date('2026-03-31T20:00:00Z'))).toBe('2627');
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe('2526');
  });

  it('runs to 31 March of the next calendar year', () => {
    expect(financialYearOf(new Date('2024-10-20T04:30:00Z'))).toBe('2425');
    expect(financialYearOf(new Date('2025-01-15T04:30:00Z'))).toBe('2425');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('9900');
  });
});

describe('document numbers (rule 46(b))', () => {
  it('numbers invoices, credit notes and debit notes in separate series', () => {
    expect(documentNumber('invoice', 'SFG', '2425', 1)).toBe('SFG/2425/1');
    expect(documentNumber('credit_note', 'SFG', '2425', 1)).toBe('SFG/2425/C1');
    expect(documentNumber('debit_note', 'SFG', '2425', 1)).toBe('SFG/2425/D1');
  });

  it('stays within 16 characters with the longest prefix', () => {
    expect(documentNumber('invoice', 'SFG-A', '2425', 99_999)).toHaveLength(16);
    expect(documentNumber('credit_note', 'SFG-A', '2425', 9_999)).toHaveLength(16);
    expect(() => documentNumber('invoice', 'SFG-A', '2425', 100_000)).toThrow(RangeError);
  });
});
