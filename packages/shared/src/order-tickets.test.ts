import { describe, expect, it } from 'vitest';
import {
  formatTicketUnits,
  ticketNameOf,
  ticketNameTranslations,
  ticketTextTranslations,
  ticketUnitsIn,
  unitsByTicket,
  unitsOf,
} from './order-tickets.js';

const investor = (quantity: number) => ({ ticketName: 'Investor Circle Pass', quantity });
const delegate = (quantity: number) => ({ ticketName: 'Delegate Day Pass', quantity });

describe('an order’s tickets', () => {
  it('names one line as it always did', () => {
    expect(ticketNameOf([investor(2)])).toBe('Investor Circle Pass');
    expect(formatTicketUnits([investor(2)])).toBe('2 × Investor Circle Pass');
    expect(unitsOf([investor(2)])).toBe(2);
  });

  it('names each ticket with its units once an attendee of a group changed ticket', () => {
    const lines = [investor(1), delegate(1)];
    // By name, as the passes counted by ticket are: whichever attendee moved, it reads alike.
    expect(ticketNameOf(lines)).toBe('1 × Delegate Day Pass, 1 × Investor Circle Pass');
    expect(formatTicketUnits([...lines].reverse())).toBe('1 × Delegate Day Pass, 1 × Investor Circle Pass');
    expect(unitsOf(lines)).toBe(2);
  });

  it('leaves out a line with no units left, and adds up lines of one ticket', () => {
    expect(ticketNameOf([investor(0), delegate(1)])).toBe('Delegate Day Pass');
    expect(unitsByTicket([investor(0), delegate(1), investor(1), delegate(1)])).toEqual([
      delegate(2),
      investor(1),
    ]);
  });

  it('still names what an order bought when none of its units is left', () => {
    expect(formatTicketUnits([investor(0), delegate(0)])).toBe(
      '0 × Delegate Day Pass, 0 × Investor Circle Pass',
    );
    expect(ticketNameOf([investor(0)])).toBe('Investor Circle Pass');
    expect(unitsOf([investor(0)])).toBe(0);
  });
});

describe('an order’s tickets in Gujarati and Hindi', () => {
  const investorIn = (quantity: number) => ({
    ticketName: 'Investor Circle Pass',
    ticketTranslations: { gu: { name: 'રોકાણકાર સર્કલ પાસ' } },
    quantity,
  });
  const delegateIn = (quantity: number) => ({
    ticketName: 'Delegate Day Pass',
    ticketTranslations: {},
    quantity,
  });

  it('names each ticket in the reader’s language where translated, else in English', () => {
    expect(ticketUnitsIn([investorIn(2), delegateIn(1)], 'gu')).toEqual([
      { ticketName: 'રોકાણકાર સર્કલ પાસ', quantity: 2 },
      { ticketName: 'Delegate Day Pass', quantity: 1 },
    ]);
    expect(ticketUnitsIn([investorIn(2)], 'hi')).toEqual([
      { ticketName: 'Investor Circle Pass', quantity: 2 },
    ]);
    expect(ticketUnitsIn([investorIn(2)], 'en')).toEqual([
      { ticketName: 'Investor Circle Pass', quantity: 2 },
    ]);
  });

  it('translates an order’s text only into the languages one of its tickets is translated into', () => {
    expect(ticketNameTranslations([investorIn(2)])).toEqual({ gu: { ticketName: 'રોકાણકાર સર્કલ પાસ' } });
    expect(ticketTextTranslations([investorIn(1), delegateIn(1)], 'tickets', formatTicketUnits)).toEqual({
      gu: { tickets: '1 × Delegate Day Pass, 1 × રોકાણકાર સર્કલ પાસ' },
    });
    expect(ticketNameTranslations([delegateIn(1)])).toEqual({});
  });
});
