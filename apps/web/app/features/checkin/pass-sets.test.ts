import type { SyncChange } from '@festival/shared';
import { describe, expect, it } from 'vitest';
import { applyChange, tokenRefusal, type PassSets } from './pass-sets';

const DEAR = 7;
const CHEAP = 8;
const list = { eventId: 1, ticketTypeIds: [DEAR] };
const PASS = '0b7e4f9c-2d31-4c8a-9f6e-5a1b2c3d4e5f';
/** The QR code issued while the pass held the dearer ticket. */
const oldToken = { passId: PASS, eventId: 1, ticketTypeId: DEAR };

function sets(full: { revoked?: string[]; notOnList?: string[]; entered?: string[] } = {}): PassSets {
  return {
    revoked: new Set(full.revoked),
    notOnList: new Set(full.notOnList),
    entered: new Set(full.entered),
  };
}

const onList: SyncChange['pass'] = {
  code: 'SFG-ABCDEFGH23',
  name: 'Asha Rao',
  ticketTypeId: DEAR,
  ticketTypeName: 'Investor Pass',
};

describe('tokenRefusal', () => {
  it('admits a token of a ticket on the list whose pass the sync does not know (bought after it)', () => {
    expect(tokenRefusal(oldToken, list, sets())).toBeUndefined();
  });

  it('refuses the old QR code of a pass the full sync lists as not on the list, as the server does', () => {
    expect(tokenRefusal(oldToken, list, sets({ notOnList: [PASS] }))).toBe('product');
  });

  it('refuses a revoked pass as revoked, a ticket of another list as product, another edition as invalid', () => {
    expect(tokenRefusal(oldToken, list, sets({ revoked: [PASS] }))).toBe('revoked');
    expect(tokenRefusal({ ...oldToken, ticketTypeId: CHEAP }, list, sets())).toBe('product');
    expect(tokenRefusal({ ...oldToken, eventId: 2 }, list, sets())).toBe('invalid');
  });
});

describe('applyChange', () => {
  it('keeps a pass that left the list (a change without a pass, not revoked) and refuses its old QR code', () => {
    const held = sets({ entered: [PASS] });
    applyChange(held, { id: PASS, pass: null, revoked: false, entered: false });
    expect([...held.notOnList]).toEqual([PASS]);
    expect(held.entered.size).toBe(0);
    expect(tokenRefusal(oldToken, list, held)).toBe('product');
  });

  it('takes a pass back on the list when a later change brings it', () => {
    const held = sets({ notOnList: [PASS] });
    applyChange(held, { id: PASS, pass: onList, revoked: false, entered: false });
    expect(held.notOnList.size).toBe(0);
    expect(tokenRefusal(oldToken, list, held)).toBeUndefined();
  });

  it('moves a cancelled attendee from off the list to revoked, so the scanner says cancelled', () => {
    const held = sets({ notOnList: [PASS] });
    applyChange(held, { id: PASS, pass: null, revoked: true, entered: false });
    expect([...held.revoked]).toEqual([PASS]);
    expect(held.notOnList.size).toBe(0);
    expect(tokenRefusal(oldToken, list, held)).toBe('revoked');
  });
});
