/** Money and dates as the site and the emails print them (paise in, rupees out; IST dates). */
import { describe, expect, it } from 'vitest';
import { formatEventDate, formatRupees } from './constants.js';

describe('formatRupees', () => {
  it('groups in lakhs and crores and shows paise only when there are some', () => {
    expect(formatRupees(10_000_000)).toBe('₹1,00,000');
    expect(formatRupees(1_234_567_800)).toBe('₹1,23,45,678');
    expect(formatRupees(10_050)).toBe('₹100.50');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(0)).toBe('₹0');
  });
});

describe('formatEventDate', () => {
  it('gives the date in India, where an evening in UTC is already the next day', () => {
    expect(formatEventDate('2024-10-19T20:00:00Z')).toBe('20 Oct 2024');
    expect(formatEventDate(new Date('2024-10-20T18:29:59Z'))).toBe('20 Oct 2024');
  });
});
