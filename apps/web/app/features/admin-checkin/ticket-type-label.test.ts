import { describe, expect, it } from 'vitest';
import { ticketTypeLabel } from './ticket-type-label';

describe('ticketTypeLabel', () => {
  it('tells two ticket types of one name apart by their category', () => {
    const pitcher = ticketTypeLabel({
      name: 'Gold Stall Package',
      participantCategoryId: 1,
      archivedAt: null,
    });
    const startUp = ticketTypeLabel({
      name: 'Gold Stall Package',
      participantCategoryId: 2,
      archivedAt: null,
    });
    expect(pitcher).toBe('Gold Stall Package (Pitcher)');
    expect(startUp).toBe('Gold Stall Package (Start-Up)');
  });

  it('says when a ticket type is archived', () => {
    expect(
      ticketTypeLabel({
        name: 'Visitor Pass',
        participantCategoryId: 4,
        archivedAt: '2024-09-01T00:00:00.000Z',
      }),
    ).toBe('Visitor Pass (Visitor, archived)');
  });
});
