/**
 * Field rules shared by the registration forms, with the spec's exact messages.
 * Every helper accepts what an HTML form or a multipart body sends (strings, possibly empty)
 * as well as already-typed JSON values.
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { PHONE_PAIR_REQUIRED_MESSAGE } from './constants.js';
import { databaseId, safeString } from './input.js';

/** The spec's email rule: "text, @, text, dot, text". Deliberately simple: the mailbox is proven by the email we send. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The spec's mobile rule: 10 or 12 digits with an optional plus; a 10-digit number behind a
 * zeros or 91 prefix (optionally with a plus); or a 5-digit STD part, an optional space or
 * hyphen, and a 6-digit subscriber part (Indian landline form).
 */
export const PHONE_PATTERN = /^(?:\+?(?:\d{10}|\d{12})|(?:0{1,2}|\+?91)\d{10}|\d{5}[\s-]?\d{6})$/;

/** ISD code as chosen from the country list, e.g. "+91". */
export const ISD_CODE_PATTERN = /^\+\d{1,4}$/;

/** India's ISD code: numbers under it follow the spec's mobile rule, others libphonenumber-js. */
export const INDIA_ISD_CODE = '+91';

/** What people put between the digits of an Indian number. */
const INDIAN_SEPARATORS = /[\s().-]/g;

/** What a person may type as a foreign number: digits, an optional leading plus, separators. */
const TYPED_PHONE_PATTERN = /^\+?[\d\s().-]+$/;

let callingCodes: Set<string> | undefined;
/** Calling codes libphonenumber-js knows (the seeded country list comes from the same data). */
function isKnownCallingCode(code: string): boolean {
  callingCodes ??= new Set(getCountries().map((country) => getCountryCallingCode(country)));
  return callingCodes.has(code);
}

/**
 * The contact number as it is stored, or undefined when it is not valid under `countryCode`.
 *
 * - "+91": the spec's PHONE_PATTERN on the number without the spaces, hyphens, dots and
 *   brackets people type ("98250-12345", "(079) 1234 5678"); a prefix before a 10-digit number
 *   that repeats the country code or is the trunk zero is dropped ("+91-99090-11223",
 *   "919909011223" and "099090 11223" all become "9909011223"). So an Indian number is stored
 *   as its digits, the 10-digit national number wherever it has one.
 * - Any other code: parsed by libphonenumber-js with `countryCode` as the default calling code
 *   (a number typed with its own "+code" must carry the chosen one) and stored as the national
 *   significant number, digits only. Uses the `min` metadata and `isPossible()` (length per
 *   country, not digit patterns): the author's advice for forms, since numbering plans change
 *   faster than this site is redeployed, and it keeps the forms' bundle about 65 kB smaller.
 */
export function normalisePhone(countryCode: string, contactNo: string): string | undefined {
  const typed = contactNo.trim();
  if (countryCode === INDIA_ISD_CODE) {
    const digits = typed.replace(INDIAN_SEPARATORS, '');
    if (!PHONE_PATTERN.test(digits)) return undefined;
    return digits.replace(/^(?:\+?91|0{1,2})(?=\d{10}$)/, '');
  }
  const callingCode = countryCode.slice(1);
  if (!TYPED_PHONE_PATTERN.test(typed) || !isKnownCallingCode(callingCode)) return undefined;
  const phone = parsePhoneNumberFromString(typed, { defaultCallingCode: callingCode });
  if (!phone || `+${phone.countryCallingCode}` !== countryCode || !phone.isPossible()) return undefined;
  return phone.nationalNumber;
}

const emptyToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A required, trimmed, non-empty string with one message for missing and blank. */
export const requiredText = (message: string, max = 200) =>
  safeString({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** An optional trimmed string; blank becomes undefined. */
export const optionalText = (max = 2000) =>
  z.preprocess(
    emptyToUndefined,
    safeString().trim().max(max, `Must be at most ${max} characters`).optional(),
  );

/** A required positive integer id from a select (the value may arrive as a string). */
export const requiredId = (message: string) => z.preprocess(emptyToUndefined, databaseId(message));

/** An optional positive integer id; blank becomes undefined. */
export const optionalId = () => z.preprocess(emptyToUndefined, databaseId().optional());

/** Email with the spec's messages: 'Email is required' / 'Invalid Email address!'. */
export const emailField = () =>
  safeString({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Invalid Email address!')
    .regex(EMAIL_PATTERN, 'Invalid Email address!');

/** The terms checkbox: true, or the strings a form or multipart body sends for a ticked box. */
export const termsField = () =>
  z.preprocess(
    (value) => value === true || value === 'true' || value === 'on',
    z.literal(true, { error: 'Please accept the terms and conditions' }),
  );

/** Fields present in every registration form that carry the phone rule. */
export const phoneFields = {
  countryCode: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  contactNo: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : emptyToUndefined(value)),
    z.string().trim().optional(),
  ),
};

/**
 * Without a country code libphonenumber-js knows (the code gets its own message) the number is
 * still checked, against the spec's mobile rule.
 */
const usableCode = (countryCode: string | undefined) =>
  countryCode && ISD_CODE_PATTERN.test(countryCode) && isKnownCallingCode(countryCode.slice(1))
    ? countryCode
    : INDIA_ISD_CODE;

/**
 * Adds the spec's contact-number messages. Run at object level because one message,
 * 'Contact Number and country code is required', and the rule itself (normalisePhone) depend
 * on both fields.
 */
export function checkPhone(
  value: { countryCode?: string | undefined; contactNo?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const { countryCode, contactNo } = value;
  if (!countryCode && !contactNo) {
    // One problem, one message: both fields are marked with the pair's message,
    // which the form shows once for the two of them.
    for (const path of ['countryCode', 'contactNo']) {
      ctx.addIssue({ code: 'custom', path: [path], message: PHONE_PAIR_REQUIRED_MESSAGE });
    }
    return;
  }
  if (!countryCode) {
    ctx.addIssue({ code: 'custom', path: ['countryCode'], message: 'Country Code is required' });
  } else if (!ISD_CODE_PATTERN.test(countryCode)) {
    ctx.addIssue({ code: 'custom', path: ['countryCode'], message: 'Country Code is required' });
  }
  if (!contactNo) {
    ctx.addIssue({ code: 'custom', path: ['contactNo'], message: 'Contact Number is required' });
  } else if (!normalisePhone(usableCode(countryCode), contactNo)) {
    ctx.addIssue({ code: 'custom', path: ['contactNo'], message: 'Invalid Mobile Number!' });
  }
}

/**
 * Replaces a valid contact number by its normalised form (normalisePhone). Use with zod's
 * `.overwrite()` after checkPhone: it leaves a number checkPhone refused untouched.
 */
export function withNormalisedPhone<
  T extends { countryCode?: string | undefined; contactNo?: string | undefined },
>(value: T): T {
  const { countryCode, contactNo } = value;
  const normalised = countryCode && contactNo ? normalisePhone(countryCode, contactNo) : undefined;
  return normalised === undefined ? value : { ...value, contactNo: normalised };
}

/**
 * The contact form's phone number (spec: digits only, at least 10) as a person types it:
 * spaces are dropped and so is a leading "+91", so "+91 98765 43210" is "9876543210".
 */
export function normaliseContactNumber(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return value;
  return value.replace(/\s+/g, '').replace(/^\+91(?=\d)/, '');
}

/**
 * Flattens zod issues to one message per top-level field (the first issue wins), the shape
 * the API answers with on 400 and the form shows under each field.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    errors[key] ??= issue.message;
  }
  return errors;
}
