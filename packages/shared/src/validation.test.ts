import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  checkPhone,
  emailField,
  fieldErrors,
  phoneFields,
} from './validation.js';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));
const digitsBetween = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));

/** Numbers the spec §5 grammar describes. */
const validPhone = fc.oneof(
  // 10 or 12 digits with an optional plus
  fc.tuple(fc.constantFrom('', '+'), fc.oneof(digits(10), digits(12))).map(([plus, number]) => plus + number),
  // a 10-digit number behind zeros or 91, optionally +91
  fc.tuple(fc.constantFrom('0', '00', '91', '+91'), digits(10)).map(([prefix, number]) => prefix + number),
  // 5-digit STD code, optional space or hyphen, 6-digit number
  fc
    .tuple(digits(5), fc.constantFrom('', ' ', '-'), digits(6))
    .map(([std, sep, number]) => std + sep + number),
);

const PhoneForm = z.object(phoneFields).superRefine(checkPhone);
const phoneErrors = (contactNo: string) => {
  const result = PhoneForm.safeParse({ countryCode: '+91', contactNo });
  return result.success ? {} : fieldErrors(result.error.issues);
};

describe('PHONE_PATTERN', () => {
  it('accepts every number of the described grammar', () => {
    fc.assert(
      fc.property(validPhone, (phone) => {
        expect(PHONE_PATTERN.test(phone)).toBe(true);
        expect(phoneErrors(phone)).toEqual({});
      }),
    );
  });

  it('refuses numbers with a letter anywhere', () => {
    const withLetter = fc
      .tuple(validPhone, fc.nat(), fc.constantFrom(...'abcxyzABCXYZ'.split('')))
      .map(([phone, at, letter]) => {
        const index = at % (phone.length + 1);
        return phone.slice(0, index) + letter + phone.slice(index);
      });
    fc.assert(
      fc.property(withLetter, (phone) => {
        expect(PHONE_PATTERN.test(phone)).toBe(false);
        expect(phoneErrors(phone)).toEqual({ contactNo: 'Invalid Mobile Number!' });
      }),
    );
  });

  it('refuses digit strings that are too short or too long', () => {
    const wrongLength = fc
      .tuple(fc.constantFrom('', '+'), fc.oneof(digitsBetween(1, 9), digitsBetween(13, 20)))
      .map(([plus, number]) => plus + number);
    fc.assert(
      fc.property(wrongLength, (phone) => {
        expect(PHONE_PATTERN.test(phone)).toBe(false);
      }),
    );
  });

  it('refuses a plus before 11 digits and separators in a mobile number', () => {
    fc.assert(
      fc.property(digits(11), (number) => {
        expect(PHONE_PATTERN.test(`+${number}`)).toBe(false);
      }),
    );
    expect(PHONE_PATTERN.test('98765 43210')).toBe(false);
    expect(PHONE_PATTERN.test('079-12345678')).toBe(false);
  });
});

/** Text without whitespace or "@", as the spec's "text" parts of an email. */
const part = fc.stringMatching(/^[^\s@]+$/);

describe('EMAIL_PATTERN', () => {
  it('accepts text, @, text, dot, text', () => {
    fc.assert(
      fc.property(part, part, part, (local, domain, tld) => {
        const email = `${local}@${domain}.${tld}`;
        expect(EMAIL_PATTERN.test(email)).toBe(true);
        if (email.length <= 254) expect(emailField().safeParse(email).success).toBe(true);
      }),
    );
  });

  it('refuses addresses without "@", without a dot after it, or with spaces', () => {
    fc.assert(
      fc.property(part, part, (local, domain) => {
        const noAt = `${local}${domain}.com`.replaceAll('@', '');
        expect(EMAIL_PATTERN.test(noAt)).toBe(false);
        expect(EMAIL_PATTERN.test(`${local}@${domain.replaceAll('.', '')}`)).toBe(false);
        expect(EMAIL_PATTERN.test(`${local} x@${domain}.com`)).toBe(false);
      }),
    );
  });

  it('answers the spec messages', () => {
    expect(emailField().safeParse('').error?.issues[0]?.message).toBe('Email is required');
    expect(emailField().safeParse('a@b').error?.issues[0]?.message).toBe('Invalid Email address!');
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each top-level field', () => {
    const schema = z.object({
      a: z.string().min(3, 'first').regex(/x/, 'second'),
      b: z.object({ c: z.string('nested') }),
    });
    const result = schema.safeParse({ a: 'y', b: {} });
    expect(fieldErrors(result.error!.issues)).toEqual({ a: 'first', b: 'nested' });
  });
});
