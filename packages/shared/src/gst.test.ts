import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem, gstPriceLabel } from './gst-states.js';
import { GstInvoiceRequestSchema } from './gst.js';

/**
 * Published GSTINs: the GST Network's sample taxpayer (27AAPFU0939F1ZV), and registrations of
 * Reliance Industries (27AAACR5055K1Z7), Tata Consultancy Services (27AAACT2727Q1ZW) and two
 * more printed on their public invoices. Their check characters come from the GST portal,
 * not from the function under test.
 */
const PUBLISHED = [
  '27AAPFU0939F1ZV',
  '29AAGCB7383J1Z4',
  '27AAACR5055K1Z7',
  '27AAACT2727Q1ZW',
  '24AAACC1206D1ZM',
];

describe('GSTIN check character (mod 36)', () => {
  it.each(PUBLISHED)('accepts the published GSTIN %s', (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
    expect(gstinProblem(gstin)).toBeUndefined();
  });

  it('refuses each published GSTIN with its check character changed', () => {
    for (const gstin of PUBLISHED) {
      const wrong = gstin.slice(0, 14) + (gstin[14] === 'A' ? 'B' : 'A');
      expect(gstinProblem(wrong)).toMatch(/last character does not match/);
    }
  });

  it('catches a single mistyped character and two swapped neighbours', () => {
    expect(gstinProblem('27AAPFU0939F1ZV'.replace('0939', '0993'))).toMatch(/does not match/);
    expect(gstinProblem('27AAPFU0939F1ZV'.replace('U0939', 'U0938'))).toMatch(/does not match/);
  });

  it('refuses a wrong shape and an unknown state code', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15-character/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/15-character/);
    expect(gstinProblem('27AAPFU0939F1XV')).toMatch(/15-character/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/state code/);
  });
});

describe('GST invoice request', () => {
  const request = {
    companyName: 'Acme Robotics Pvt Ltd',
    gstin: ' 24aaacc1206d1zm ',
    address: '12 SG Highway, Ahmedabad',
    stateCode: '24',
  };

  it('normalises the GSTIN and accepts its own state', () => {
    expect(GstInvoiceRequestSchema.parse(request).gstin).toBe('24AAACC1206D1ZM');
  });

  it('refuses a billing state other than the GSTIN’s', () => {
    const result = GstInvoiceRequestSchema.safeParse({ ...request, stateCode: '27' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['stateCode'] });
    expect(result.error?.issues[0]?.message).toMatch(/registered in Gujarat/);
  });
});

describe('price labels', () => {
  it('says whether GST is included', () => {
    expect(gstPriceLabel(true, 1800)).toBe('incl. 18 % GST');
    expect(gstPriceLabel(false, 1800)).toBe('+ 18 % GST');
    expect(gstPriceLabel(true, 0)).toBe('GST exempt');
  });
});
