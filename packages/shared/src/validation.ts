/**
 * Field rules shared by the registration forms (spec §5), with the spec's exact messages.
 * Every helper accepts what an HTML form or a multipart body sends (strings, possibly empty)
 * as well as already-typed JSON values.
 */
import { z } from 'zod';
import { databaseId, safeString } from './input.js';

/** Spec §5: "text, @, text, dot, text". Deliberately simple: the mailbox is proven by the email we send. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Spec §5 mobile rule: 10 or 12 digits with an optional plus; a 10-digit number behind a
 * zeros or 91 prefix (optionally with a plus); or a 5-digit STD part, an optional space or
 * hyphen, and a 6-digit subscriber part (Indian landline form).
 */
export const PHONE_PATTERN = /^(?:\+?(?:\d{10}|\d{12})|(?:0{1,2}|\+?91)\d{10}|\d{5}[\s-]?\d{6})$/;

/** ISD code as chosen from the country list, e.g. "+91". */
export const ISD_CODE_PATTERN = /^\+\d{1,4}$/;

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
 * Adds the spec §5 contact-number messages. Run at object level because one message,
 * 'Contact Number and country code is required', depends on both fields.
 */
export function checkPhone(
  value: { countryCode?: string | undefined; contactNo?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const { countryCode, contactNo } = value;
  if (!countryCode && !contactNo) {
    ctx.addIssue({
      code: 'custom',
      path: ['contactNo'],
      message: 'Contact Number and country code is required',
    });
    ctx.addIssue({ code: 'custom', path: ['countryCode'], message: 'Country Code is required' });
    return;
  }
  if (!countryCode) {
    ctx.addIssue({ code: 'custom', path: ['countryCode'], message: 'Country Code is required' });
  } else if (!ISD_CODE_PATTERN.test(countryCode)) {
    ctx.addIssue({ code: 'custom', path: ['countryCode'], message: 'Country Code is required' });
  }
  if (!contactNo) {
    ctx.addIssue({ code: 'custom', path: ['contactNo'], message: 'Contact Number is required' });
  } else if (!PHONE_PATTERN.test(contactNo)) {
    ctx.addIssue({ code: 'custom', path: ['contactNo'], message: 'Invalid Mobile Number!' });
  }
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
