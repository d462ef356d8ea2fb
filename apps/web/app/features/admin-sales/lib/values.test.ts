import { describe, expect, it } from 'vitest';
import { indiaLocalToIso, isoToIndiaLocal, paiseToRupeesText, rupeesToPaise } from './values';

describe('rupees typed by an organizer', () => {
  it('become integer paise, with commas, a ₹ sign and up to two decimals', () => {
    expect(rupeesToPaise('750')).toBe(75_000);
    expect(rupeesToPaise('₹ 1,00,000')).toBe(10_000_000);
    expect(rupeesToPaise('499.5')).toBe(49_950);
    expect(rupeesToPaise('0.29')).toBe(29);
  });

  it('are not a number when they are not an amount', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3']) expect(rupeesToPaise(text)).toBeNaN();
  });

  it('are shown back without decimals when whole', () => {
    expect(paiseToRupeesText(75_000)).toBe('750');
    expect(paiseToRupeesText(49_950)).toBe('499.50');
  });
});

describe('sales times in India time', () => {
  it('turn a datetime-local value into an instant with the +05:30 offset, and back', () => {
    expect(indiaLocalToIso('2024-10-20T09:30')).toBe('2024-10-20T09:30:00+05:30');
    expect(isoToIndiaLocal('2024-10-20T04:00:00.000Z')).toBe('2024-10-20T09:30');
    expect(isoToIndiaLocal('2024-10-19T20:00:00Z')).toBe('2024-10-20T01:30');
  });

  it('leave an empty value empty', () => {
    expect(indiaLocalToIso('')).toBeNull();
    expect(isoToIndiaLocal(null)).toBe('');
  });
});
