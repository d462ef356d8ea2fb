import { describe, expect, it } from 'vitest';
import { computeTax, placeOfSupply, shareOut, splitPart } from './compute.js';

const GUJARAT = '24';
const MAHARASHTRA = '27';
const CHANDIGARH = '04';

const base = { rateBp: 1800, sacCode: '998596', supplierStateCode: GUJARAT };

describe('place of supply (IGST Act s.12)', () => {
  it('admission to an event is supplied where the event is held, whoever buys (s.12(6))', () => {
    expect(placeOfSupply('event', GUJARAT)).toBe(GUJARAT);
    expect(placeOfSupply('event', GUJARAT, { gstin: '27AAPFU0939F1ZV' })).toBe(GUJARAT);
  });

  it('organising services to a registered buyer are supplied in the buyer’s state (s.12(7)(a))', () => {
    expect(placeOfSupply('recipient', GUJARAT, { gstin: '27AAPFU0939F1ZV' })).toBe(MAHARASHTRA);
  });

  it('organising services to a buyer without a GSTIN are supplied where the event is held', () => {
    expect(placeOfSupply('recipient', GUJARAT, null)).toBe(GUJARAT);
  });
});

describe('computeTax', () => {
  it('intra-state, prices exclusive: CGST and SGST at 9 % each on the price', () => {
    const tax = computeTax({
      ...base,
      amount: 1_00_000_00,
      pricesIncludeGst: false,
      placeOfSupplyCode: GUJARAT,
    });
    expect(tax).toMatchObject({
      interState: false,
      taxable: 1_00_000_00,
      cgst: 9_000_00,
      sgst: 9_000_00,
      igst: 0,
      total: 1_18_000_00,
      placeOfSupply: { code: GUJARAT, name: 'Gujarat' },
      stateTaxName: 'SGST',
    });
  });

  it('inter-state, prices exclusive: IGST at 18 %', () => {
    const tax = computeTax({
      ...base,
      amount: 1_00_000_00,
      pricesIncludeGst: false,
      placeOfSupplyCode: MAHARASHTRA,
    });
    expect(tax).toMatchObject({ interState: true, taxable: 1_00_000_00, cgst: 0, sgst: 0, igst: 18_000_00 });
    expect(tax.total).toBe(1_18_000_00);
  });

  it('B2C admission inside the event’s state, prices inclusive: the buyer pays the price shown', () => {
    // ₹1,000 incl. 18 %: 100000 / 1.18 = 84745.76 → 84746; 9 % of it = 7627.14 → 7627 each;
    // taxable = 100000 − 2 × 7627 = 84746.
    const tax = computeTax({ ...base, amount: 1_000_00, pricesIncludeGst: true, placeOfSupplyCode: GUJARAT });
    expect(tax).toMatchObject({ taxable: 84_746, cgst: 7_627, sgst: 7_627, igst: 0, total: 1_000_00 });
  });

  it('inclusive inter-state: IGST taken out of the price, total unchanged', () => {
    const tax = computeTax({
      ...base,
      amount: 10_000_00,
      pricesIncludeGst: true,
      placeOfSupplyCode: MAHARASHTRA,
    });
    // 1000000 / 1.18 = 847457.63 → 847458; 18 % = 152542.44 → 152542; taxable = 847458.
    expect(tax).toMatchObject({ taxable: 847_458, igst: 152_542, cgst: 0, sgst: 0, total: 10_000_00 });
  });

  it('rounds half up once per line, never per seat, and keeps CGST equal to SGST', () => {
    // 3 seats at ₹99.99 exclusive: line 29997 paise; 9 % = 2699.73 → 2700 each.
    const tax = computeTax({
      ...base,
      amount: 3 * 9_999,
      pricesIncludeGst: false,
      placeOfSupplyCode: GUJARAT,
    });
    expect(tax).toMatchObject({ taxable: 29_997, cgst: 2_700, sgst: 2_700, total: 35_397 });
    // 0.5 paise rounds up: 50 paise at 18 %, 9 % = 4.5 → 5.
    expect(
      computeTax({ ...base, amount: 50, pricesIncludeGst: false, placeOfSupplyCode: GUJARAT }).cgst,
    ).toBe(5);
  });

  it('exempt (0 %) supplies carry no tax', () => {
    const tax = computeTax({
      ...base,
      rateBp: 0,
      amount: 500_00,
      pricesIncludeGst: true,
      placeOfSupplyCode: GUJARAT,
    });
    expect(tax).toMatchObject({ taxable: 500_00, cgst: 0, sgst: 0, igst: 0, total: 500_00 });
  });

  it('calls the state half UTGST for a supplier in a union territory without a legislature', () => {
    const tax = computeTax({
      ...base,
      supplierStateCode: CHANDIGARH,
      amount: 100_00,
      pricesIncludeGst: false,
      placeOfSupplyCode: CHANDIGARH,
    });
    expect(tax).toMatchObject({ stateTaxName: 'UTGST', cgst: 9_00, sgst: 9_00 });
  });

  it('refuses negative or fractional amounts', () => {
    expect(() =>
      computeTax({ ...base, amount: -1, pricesIncludeGst: true, placeOfSupplyCode: GUJARAT }),
    ).toThrow(RangeError);
    expect(() =>
      computeTax({ ...base, amount: 1.5, pricesIncludeGst: true, placeOfSupplyCode: GUJARAT }),
    ).toThrow(RangeError);
  });
});

describe('splitPart (credit notes)', () => {
  const invoice = computeTax({
    ...base,
    amount: 1_18_000_00,
    pricesIncludeGst: true,
    placeOfSupplyCode: GUJARAT,
  });

  it('takes GST out of a partial refund at the invoice’s rate and supply type', () => {
    expect(splitPart(11_800_00, invoice)).toEqual({
      taxable: 10_000_00,
      cgst: 900_00,
      sgst: 900_00,
      igst: 0,
      total: 11_800_00,
    });
  });

  it('returns the remainder as it is, so the parts add up to the whole', () => {
    const first = splitPart(33_333, invoice);
    const rest = {
      rateBp: invoice.rateBp,
      interState: invoice.interState,
      taxable: invoice.taxable - first.taxable,
      cgst: invoice.cgst - first.cgst,
      sgst: invoice.sgst - first.sgst,
      igst: invoice.igst - first.igst,
      total: invoice.total - first.total,
    };
    const second = splitPart(rest.total, rest);
    expect(first.cgst + second.cgst).toBe(invoice.cgst);
    expect(first.taxable + second.taxable).toBe(invoice.taxable);
  });
});

describe('shareOut', () => {
  it('shares a refund over lines in proportion, the paise left to the largest remainders', () => {
    // 1000 over 3 : 3 : 1 is 428.57, 428.57, 142.86: rounded down 428, 428, 142, two paise
    // left, to the largest remainder (0.86) and the first of the two next (0.57).
    expect(shareOut(1000, [3, 3, 1])).toEqual([429, 428, 143]);
  });

  it('gives each share its weight when the amount is their sum, and nothing to a zero weight', () => {
    expect(shareOut(2_950_000 + 236_000, [2_950_000, 0, 236_000])).toEqual([2_950_000, 0, 236_000]);
    expect(shareOut(0, [0, 0])).toEqual([0, 0]);
  });

  it('stays exact where paise times paise pass 2^53', () => {
    const weights = [1_999_999_999, 1_000_000_001];
    const shares = shareOut(2_999_999_999, weights);
    expect(shares[0]! + shares[1]!).toBe(2_999_999_999);
    expect(shares).toEqual([1_999_999_998, 1_000_000_001]);
  });

  it('refuses negative or fractional paise and an amount over no weight', () => {
    expect(() => shareOut(-1, [1])).toThrow(RangeError);
    expect(() => shareOut(1, [0.5])).toThrow(RangeError);
    expect(() => shareOut(1, [0])).toThrow(RangeError);
  });
});
