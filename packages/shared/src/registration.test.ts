import { describe, expect, it } from 'vitest';
import {
  INDIAN_PINCODE_MESSAGE,
  indianPincodeProblem,
  InvestorRegistrationSchema,
  StartupRegistrationSchema,
} from './registration.js';
import { fieldErrors } from './validation.js';

function errorsOf(
  schema: typeof StartupRegistrationSchema | typeof InvestorRegistrationSchema,
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error.issues);
}

/** The startup form as the browser's FormData sends it: every value a string. */
const startup = {
  contactPersonName: 'Asha Patel',
  email: 'asha@agrisense.example',
  countryCode: '+91',
  contactNo: '9876543210',
  companyName: 'AgriSense',
  founderName: 'Asha Patel',
  categoryId: '1',
  stageOfStartup: '2',
  teamSize: '6-10',
  City: 'Ahmedabad',
  description: 'Soil sensors for smallholder farmers.',
  legalName: 'AgriSense Technologies Private Limited',
  yearFounded: '2022-04-01',
  terms: 'true',
  pincode: '380060',
  address: 'Science City Road',
  CountryID: '101',
  StateID: '12',
  participantCategoryId: '1',
};

const investor = {
  name: 'Vikram Shah',
  email: 'vikram@seedfund.example',
  countryCode: '+91',
  contactNo: 9898012345,
  CountryID: 101,
  StateID: 12,
  City: 'Vadodara',
  terms: true,
  participantCategoryId: 3,
};

describe('StartupRegistrationSchema', () => {
  it('answers every spec message for an empty form', () => {
    expect(errorsOf(StartupRegistrationSchema, { participantCategoryId: '2' })).toEqual({
      contactPersonName: 'Contact Person Name is required',
      email: 'Email is required',
      contactNo: 'Contact Number and country code is required',
      countryCode: 'Contact Number and country code is required',
      companyName: 'Startup name is required',
      founderName: 'Founder Name is required',
      categoryId: 'Industry/Sector is required',
      stageOfStartup: 'Stage of Startup is required',
      teamSize: 'Team Size is required',
      pincode: 'Pincode is required',
      address: 'Address is required',
      CountryID: 'Country is required',
      StateID: 'State is required',
      description: 'Brief About Startup is required',
      City: 'City is required',
      legalName: 'Legal Name Startup is required',
      yearFounded: 'Establishment Date of Startup is required',
      terms: 'Please accept the terms and conditions',
    });
  });

  it('treats blank strings as missing', () => {
    const blank = Object.fromEntries(Object.keys(startup).map((key) => [key, '   ']));
    const errors = errorsOf(StartupRegistrationSchema, { ...blank, participantCategoryId: '1' });
    expect(errors.contactPersonName).toBe('Contact Person Name is required');
    expect(errors.categoryId).toBe('Industry/Sector is required');
    expect(errors.StateID).toBe('State is required');
    expect(errors.terms).toBe('Please accept the terms and conditions');
  });

  it('answers the format messages of email and contact number', () => {
    expect(
      errorsOf(StartupRegistrationSchema, { ...startup, email: 'asha@agrisense', contactNo: '12345' }),
    ).toEqual({
      email: 'Invalid Email address!',
      contactNo: 'Invalid Mobile Number!',
    });
    expect(errorsOf(StartupRegistrationSchema, { ...startup, contactNo: '' })).toEqual({
      contactNo: 'Contact Number is required',
    });
    expect(errorsOf(StartupRegistrationSchema, { ...startup, countryCode: '' })).toEqual({
      countryCode: 'Country Code is required',
    });
  });

  it('leaves the state to the server once a country is chosen', () => {
    expect(errorsOf(StartupRegistrationSchema, { ...startup, StateID: '' })).toEqual({});
    expect(errorsOf(StartupRegistrationSchema, { ...startup, CountryID: '', StateID: '' })).toEqual({
      CountryID: 'Country is required',
      StateID: 'State is required',
    });
  });

  it('refuses an establishment date in the future', () => {
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(errorsOf(StartupRegistrationSchema, { ...startup, yearFounded: nextYear })).toEqual({
      yearFounded: 'Establishment Date of Startup cannot be in the future',
    });
  });

  it('only takes the Pitcher and Start-Up tabs', () => {
    expect(errorsOf(StartupRegistrationSchema, { ...startup, participantCategoryId: '3' })).toEqual({
      participantCategoryId: 'Choose the Pitcher or Start-Up tab',
    });
  });

  it('turns form strings into typed values', () => {
    const parsed = StartupRegistrationSchema.parse({
      ...startup,
      terms: 'on',
      ticketId: '',
      email: ' asha@agrisense.example ',
    });
    expect(parsed).toMatchObject({
      email: 'asha@agrisense.example',
      categoryId: 1,
      stageOfStartup: 2,
      CountryID: 101,
      StateID: 12,
      participantCategoryId: 1,
      terms: true,
    });
    expect(parsed.ticketId).toBeUndefined();
  });
});

describe('InvestorRegistrationSchema', () => {
  it('answers every spec message for an empty form', () => {
    expect(errorsOf(InvestorRegistrationSchema, { participantCategoryId: 3 })).toEqual({
      name: 'Contact Person Name is required',
      email: 'Email is required',
      contactNo: 'Contact Number and country code is required',
      countryCode: 'Contact Number and country code is required',
      CountryID: 'Country is required',
      StateID: 'State is required',
      City: 'City is required',
      terms: 'Please accept the terms and conditions',
    });
  });

  it('takes the optional fields as absent and the investment as 0 rupees', () => {
    const parsed = InvestorRegistrationSchema.parse({
      ...investor,
      companyName: '',
      investmentAmount: '',
      description: ' ',
      pincode: '',
      address: '',
    });
    expect(parsed).toMatchObject({ investmentAmount: 0, contactNo: '9898012345' });
    expect(parsed.companyName).toBeUndefined();
    expect(parsed.description).toBeUndefined();
  });

  it('answers the same email and phone messages as the startup form', () => {
    expect(
      errorsOf(InvestorRegistrationSchema, { ...investor, email: 'vikram', contactNo: 'call me' }),
    ).toEqual({
      email: 'Invalid Email address!',
      contactNo: 'Invalid Mobile Number!',
    });
  });

  it('refuses a negative investment', () => {
    expect(errorsOf(InvestorRegistrationSchema, { ...investor, investmentAmount: -1 })).toEqual({
      investmentAmount: 'Investment amount cannot be negative',
    });
  });
});

describe('indianPincodeProblem', () => {
  it('accepts six digits, leaves a blank pincode to the form, and refuses anything else', () => {
    expect(indianPincodeProblem('380060')).toBeUndefined();
    expect(indianPincodeProblem(' 380060 ')).toBeUndefined();
    expect(indianPincodeProblem('')).toBeUndefined();
    expect(indianPincodeProblem(undefined)).toBeUndefined();
    for (const wrong of ['38006', '3800601', '380 060', 'SW1A1AA']) {
      expect(indianPincodeProblem(wrong), wrong).toBe(INDIAN_PINCODE_MESSAGE);
    }
  });
});
