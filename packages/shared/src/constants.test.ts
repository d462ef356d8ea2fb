/** Money and dates as the site and the emails print them (paise in, rupees out; IST dates). */
import { describe, expect, it } from 'vitest';
import { formatEventDate, formatRupees, PARTICIPANT_CATEGORY_COLOURS } from './constants.js';

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

/** WCAG 2.2 relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('PARTICIPANT_CATEGORY_COLOURS', () => {
  it('writes each category name on its band at a contrast of at least 4.5:1, in four distinct bands', () => {
    const colours = Object.values(PARTICIPANT_CATEGORY_COLOURS);
    for (const { band, text } of colours) {
      const [light, dark] = [luminance(band), luminance(text)].sort((a, b) => b - a);
      expect((light! + 0.05) / (dark! + 0.05), band).toBeGreaterThanOrEqual(4.5);
    }
    expect(new Set(colours.map((colour) => colour.band)).size).toBe(4);
  });
});
