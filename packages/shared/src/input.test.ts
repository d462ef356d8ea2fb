import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DATABASE_ID,
  UNKNOWN_ID_MESSAGE,
  UNSAFE_TEXT_MESSAGE,
  databaseId,
  isCalendarDate,
  isSafeText,
  safeString,
} from './input.js';

describe('isSafeText', () => {
  it('refuses NUL and unpaired surrogates', () => {
    for (const value of ['\u0000', 'a\u0000b', '\uD800', 'x\uDFFF', '\uDBFF\uDBFF', '\uDC00\uD800']) {
      expect(isSafeText(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('accepts any text of whole code points without NUL, emoji and Gujarati included', () => {
    expect(isSafeText('અમદાવાદ 🚀 café\t\n')).toBe(true);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => isSafeText(value) === !value.includes('\u0000')),
    );
  });

  it('is the first check of safeString, with its message', () => {
    const result = safeString().trim().min(1).safeParse('a\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
    expect(safeString().parse('  ok ')).toBe('  ok ');
  });
});

describe('databaseId', () => {
  it('accepts ids up to the int4 maximum, from numbers or strings', () => {
    expect(databaseId().parse('7')).toBe(7);
    expect(databaseId().parse(MAX_DATABASE_ID)).toBe(MAX_DATABASE_ID);
  });

  it('refuses ids past int4 with UNKNOWN_ID_MESSAGE, other bad values with the field message', () => {
    for (const value of [MAX_DATABASE_ID + 1, '99999999999']) {
      expect(databaseId('Choose one').safeParse(value).error?.issues[0]?.message).toBe(UNKNOWN_ID_MESSAGE);
    }
    for (const value of ['abc', 0, -1, 1.5, 'NaN']) {
      expect(databaseId('Choose one').safeParse(value).error?.issues[0]?.message, String(value)).toBe(
        'Choose one',
      );
    }
  });
});

describe('isCalendarDate', () => {
  it('accepts real days, 29 February of leap years included', () => {
    for (const value of ['2024-02-29', '2000-02-29', '2022-04-01', '1999-12-31']) {
      expect(isCalendarDate(value), value).toBe(true);
    }
  });

  it('refuses days Date.parse rolls over, impossible months and years outside the calendar', () => {
    expect(Number.isNaN(Date.parse('2024-02-31'))).toBe(false);
    for (const value of [
      '2024-02-31',
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '0000-01-01',
    ]) {
      expect(isCalendarDate(value), value).toBe(false);
    }
  });

  it('refuses anything but YYYY-MM-DD', () => {
    for (const value of ['2024-2-3', '2024-02-03T00:00:00Z', '20240203', '2024-W05', ' 2024-02-03', '']) {
      expect(isCalendarDate(value), value).toBe(false);
    }
  });
});
