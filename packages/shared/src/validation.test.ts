import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  checkPhone,
  emailField,
  fieldErrors,
  normaliseContactNumber,
  normalisePhone,
  phoneFields,
  withNormalisedPhone,
} from './validation.js';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));
const digitsBetween = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));

/** Numbers the spec's mobile rule describes. */
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

describe('normalisePhone', () => {
  it('keeps numbers the spec allows under +91 and normalises what a person types', () => {
    expect(normalisePhone('+91', '9876543210')).toBe('9876543210');
    expect(normalisePhone('+91', '98765 43210')).toBe('9876543210');
    expect(normalisePhone('+91', ' +91 98765 43210 ')).toBe('9876543210');
    expect(normalisePhone('+91', '+919876543210')).toBe('9876543210');
    expect(normalisePhone('+91', '919876543210')).toBe('9876543210');
    expect(normalisePhone('+91', '07912 345678')).toBe('7912345678');
    expect(normalisePhone('+91', '12345-678901')).toBe('12345678901');
  });

  it('stores the forms people type as the 10-digit number', () => {
    for (const typed of ['98250-12345', '9825012345', '98250.12345', '(98250) 12345']) {
      expect(normalisePhone('+91', typed)).toBe('9825012345');
    }
    for (const typed of [
      '+91-99090-11223',
      '+91 99090 11223',
      '099090 11223',
      '0099090-11223',
      '91 99090 11223',
    ]) {
      expect(normalisePhone('+91', typed)).toBe('9909011223');
    }
  });

  it('refuses under +91 what the mobile rule of the spec refuses, spaces or not', () => {
    fc.assert(
      fc.property(fc.oneof(digitsBetween(1, 9), digitsBetween(13, 20)), fc.nat(), (number, at) => {
        const index = at % (number.length + 1);
        expect(normalisePhone('+91', number)).toBeUndefined();
        expect(normalisePhone('+91', `${number.slice(0, index)} ${number.slice(index)}`)).toBeUndefined();
      }),
    );
    expect(normalisePhone('+91', '98765 4321x')).toBeUndefined();
  });

  it('checks other country codes with libphonenumber-js and keeps the national number', () => {
    expect(normalisePhone('+44', '20 7946 0958')).toBe('2079460958');
    expect(normalisePhone('+44', '020 7946 0958')).toBe('2079460958');
    expect(normalisePhone('+44', '+44 20 7946 0958')).toBe('2079460958');
    expect(normalisePhone('+1', '(201) 555-0123')).toBe('2015550123');
    expect(normalisePhone('+65', '6123 4567')).toBe('61234567');
  });

  it('refuses numbers of the wrong length, with letters or with another country code', () => {
    expect(normalisePhone('+44', '20 7946')).toBeUndefined();
    expect(normalisePhone('+1', '201 555 01234 5678')).toBeUndefined();
    // Eight digits are a whole number in Singapore but not in the United States.
    expect(normalisePhone('+1', '6123 4567')).toBeUndefined();
    expect(normalisePhone('+44', 'call 020 7946 0958')).toBeUndefined();
    expect(normalisePhone('+44', '+1 201 555 0123')).toBeUndefined();
    expect(normalisePhone('+999', '1234567890')).toBeUndefined();
  });
});

describe('phone fields in a form', () => {
  const NormalisedPhoneForm = z.object(phoneFields).superRefine(checkPhone).overwrite(withNormalisedPhone);
  const parse = (countryCode: string, contactNo: string) =>
    NormalisedPhoneForm.safeParse({ countryCode, contactNo });

  it('answers the normalised number', () => {
    expect(parse('+91', '+91 98765 43210').data).toEqual({ countryCode: '+91', contactNo: '9876543210' });
    expect(parse('+44', '020 7946 0958').data).toEqual({ countryCode: '+44', contactNo: '2079460958' });
  });

  it("answers 'Invalid Mobile Number!' for a number the country code does not allow", () => {
    expect(fieldErrors(parse('+44', '98765').error!.issues)).toEqual({ contactNo: 'Invalid Mobile Number!' });
    expect(fieldErrors(parse('+1', '6123 4567').error!.issues)).toEqual({
      contactNo: 'Invalid Mobile Number!',
    });
  });

  it('still checks the number against the mobile rule of the spec without a country code', () => {
    expect(fieldErrors(NormalisedPhoneForm.safeParse({ contactNo: 'call me' }).error!.issues)).toEqual({
      countryCode: 'Country Code is required',
      contactNo: 'Invalid Mobile Number!',
    });
  });
});

describe('normaliseContactNumber', () => {
  it('drops spaces and a leading +91 and leaves the rest to the digit rules', () => {
    expect(normaliseContactNumber('98765 43210')).toBe('9876543210');
    expect(normaliseContactNumber('+91 98765 43210')).toBe('9876543210');
    expect(normaliseContactNumber(9876543210)).toBe('9876543210');
    expect(normaliseContactNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(normaliseContactNumber(undefined)).toBeUndefined();
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
