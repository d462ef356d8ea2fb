import { describe, expect, it } from 'vitest';
import { nextReferencePrefix } from './admin-editions.js';

describe('nextReferencePrefix', () => {
  it('takes the new edition’s year, not the current one’s', () => {
    expect(nextReferencePrefix('SFG24', new Date('2027-10-20T04:30:00Z'))).toBe('SFG27');
  });

  it('reads the year in India time: 31 December 20:00 UTC is already the next year there', () => {
    expect(nextReferencePrefix('SFG25', new Date('2026-12-31T20:00:00Z'))).toBe('SFG27');
  });
});
