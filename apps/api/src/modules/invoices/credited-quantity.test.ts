import { describe, expect, it } from 'vitest';
import { creditedQuantity } from './service.js';

describe('creditedQuantity', () => {
  it('credits whole passes as their number', () => {
    // Two passes at ₹5,900 with GST: refunding one credits 1, both 2.
    expect(creditedQuantity(590_000, { quantity: 2, total: 1_180_000 })).toBe(1);
    expect(creditedQuantity(1_180_000, { quantity: 2, total: 1_180_000 })).toBe(2);
    // Three passes whose total does not divide into whole paise per pass.
    expect(creditedQuantity(33_333, { quantity: 3, total: 100_000 })).toBe(1);
    expect(creditedQuantity(66_667, { quantity: 3, total: 100_000 })).toBe(2);
  });

  it('keeps the line’s quantity for an amount that is no whole number of passes', () => {
    expect(creditedQuantity(100_000, { quantity: 2, total: 1_180_000 })).toBe(2);
    expect(creditedQuantity(2_227, { quantity: 3, total: 67_200 })).toBe(3);
  });
});
