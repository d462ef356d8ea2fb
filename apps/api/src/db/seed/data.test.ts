import { describe, expect, it } from 'vitest';
import { EVENT_2024, nextEdition } from './data.js';

describe('nextEdition', () => {
  it('is the spec’s 2024 edition while its 20 October is at least 30 days away in India', () => {
    expect(nextEdition(new Date('2024-09-15T06:00:00Z'))).toEqual(EVENT_2024);
    // 20 September, 23:59 IST: 20 October is 30 days away.
    expect(nextEdition(new Date('2024-09-20T18:29:00Z'))).toEqual(EVENT_2024);
  });

  it('moves to the next year once this year’s is nearer than 30 days, by India’s date', () => {
    // 21 September, 00:00 IST (still the 20th in UTC).
    const edition = nextEdition(new Date('2024-09-20T18:30:00Z'));
    expect(edition).toMatchObject({
      slug: '2025',
      name: 'Startup Fest Gujarat 2025',
      editionNumber: 3,
      referencePrefix: 'SFG25',
      invoicePrefix: 'SFG',
      venue: EVENT_2024.venue,
      theme: EVENT_2024.theme,
      sectors: EVENT_2024.sectors,
      stats: EVENT_2024.stats,
    });
    expect(edition.startsAt.toISOString()).toBe('2025-10-20T04:30:00.000Z');
    expect(edition.endsAt.toISOString()).toBe('2025-10-21T13:30:00.000Z');
  });

  it('takes this year’s October early in the year and next year’s after it', () => {
    expect(nextEdition(new Date('2026-01-01T00:00:00Z')).slug).toBe('2026');
    expect(nextEdition(new Date('2026-11-27T06:00:00Z'))).toMatchObject({
      slug: '2027',
      editionNumber: 5,
      referencePrefix: 'SFG27',
    });
  });
});
