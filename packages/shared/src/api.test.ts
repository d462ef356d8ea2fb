/** How a struck list price is explained beside the price. */
import { describe, expect, it } from 'vitest';
import { listPriceNote, packagePassesNote } from './api.js';

describe('listPriceNote', () => {
  const ticket = { amount: 100_000, listPrice: 400_000, listPriceReason: 'Early bird', salesEnd: null };

  it('gives the organizers’ reason, with the day sales end in India time when they do', () => {
    expect(listPriceNote(ticket)).toBe('Early bird');
    // 18:30 UTC on 29 September is already 30 September in Ahmedabad.
    expect(listPriceNote({ ...ticket, salesEnd: '2024-09-29T18:30:00.000Z' })).toBe(
      'Early bird until 30 Sept 2024',
    );
  });

  it('says "Offer price" without a reason, and nothing when no price is struck', () => {
    expect(listPriceNote({ ...ticket, listPriceReason: null })).toBe('Offer price');
    expect(listPriceNote({ ...ticket, listPrice: null })).toBeNull();
    expect(listPriceNote({ ...ticket, listPrice: 100_000 })).toBeNull();
  });
});

describe('packagePassesNote', () => {
  it('says what a stall package’s passes cover, and nothing for a pass sold per attendee', () => {
    expect(packagePassesNote({ soldPer: 'company', passesIncluded: 4 })).toBe(
      'Includes up to 4 passes: one for each person you register in the same order. ' +
        'Passes not used when you pay are not issued later or refunded.',
    );
    expect(packagePassesNote({ soldPer: 'company', passesIncluded: 1 })).toMatch(/^Includes 1 pass:/);
    expect(packagePassesNote({ soldPer: 'attendee', passesIncluded: 1 })).toBeNull();
  });
});
