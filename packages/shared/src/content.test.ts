import { describe, expect, it } from 'vitest';
import {
  ContactInquirySchema,
  SendOtpRequestSchema,
  VerifyOtpRequestSchema,
  VoterEmailSchema,
} from './content.js';
import { fieldErrors } from './validation.js';

const valid = {
  contactPersonName: 'Meera Shah',
  email: 'meera@visitor.example',
  number: '9876543210',
  subject: 'Parking',
  message: '',
};

function contactErrors(input: Record<string, unknown>) {
  const result = ContactInquirySchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error.issues);
}

describe('ContactInquirySchema (the contact form rules of the spec)', () => {
  it('accepts a valid inquiry, trimming and dropping a blank message', () => {
    expect(
      ContactInquirySchema.parse({ ...valid, contactPersonName: '  Meera Shah ', number: 9876543210 }),
    ).toEqual({
      contactPersonName: 'Meera Shah',
      email: 'meera@visitor.example',
      number: '9876543210',
      subject: 'Parking',
      message: undefined,
    });
  });

  it('answers the spec messages', () => {
    expect(contactErrors({})).toEqual({
      contactPersonName: 'Name is required',
      email: 'Email is required',
      number: 'Phone number is required',
      subject: 'Subject is required',
    });
    expect(contactErrors({ ...valid, email: 'meera@' })).toEqual({ email: 'Invalid email address' });
    expect(contactErrors({ ...valid, number: '98765-43210' })).toEqual({
      number: 'Phone number must be digits only',
    });
    expect(contactErrors({ ...valid, number: '12345' })).toEqual({
      number: 'Phone number must be at least 10 digits',
    });
    expect(contactErrors({ ...valid, number: '1'.repeat(16) })).toEqual({
      number: 'Phone number must be at most 15 digits',
    });
    expect(contactErrors({ ...valid, number: '1'.repeat(15) })).toEqual({});
    expect(contactErrors({ ...valid, message: 'x'.repeat(5001) })).toEqual({
      message: 'Must be at most 5000 characters',
    });
  });
});

describe('voting schemas', () => {
  it('normalises the voter email', () => {
    expect(VoterEmailSchema.parse('  Asha@Example.COM ')).toBe('asha@example.com');
    expect(VoterEmailSchema.safeParse('asha@example').success).toBe(false);
  });

  it('accepts the nominee id as a number or a numeric string', () => {
    expect(SendOtpRequestSchema.parse({ email: 'a@b.example' })).toEqual({
      email: 'a@b.example',
      id: undefined,
      // The code's email is English unless the page asks for its own language.
      locale: 'en',
    });
    expect(SendOtpRequestSchema.parse({ email: 'a@b.example', id: '3' }).id).toBe(3);
    expect(VerifyOtpRequestSchema.parse({ email: 'a@b.example', otp: ' 012345 ', id: 2 })).toEqual({
      email: 'a@b.example',
      otp: '012345',
      id: 2,
    });
  });

  it('answers the spec message for an empty OTP', () => {
    const result = VerifyOtpRequestSchema.safeParse({ email: 'a@b.example', otp: '', id: 1 });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({ otp: 'OTP is required for verification' });
    const missingId = VerifyOtpRequestSchema.safeParse({ email: 'a@b.example', otp: '123456' });
    expect(fieldErrors(missingId.error!.issues)).toEqual({ id: 'Nominee is required' });
  });
});
