/**
 * Contact, FAQ, CMS and award-voting contracts: the spec's fields, rules and calls for the contact
 * form, the FAQ, CMS pages and the vote popup. The contact form and the vote popup validate with
 * these schemas; the API uses them as route bodies and response schemas.
 */
import { z } from 'zod';
import { localeField } from './locale-schema.js';
import { storedTranslationsSchema } from './translations-schema.js';
import { envelope } from './api.js';
import { CONTACT_PHONE_MAX_DIGITS, CONTACT_PHONE_MIN_DIGITS, OTP_LENGTH } from './constants.js';
import { databaseId, safeString } from './input.js';
import { normaliseContactNumber, optionalText, requiredText } from './validation.js';

const INVALID_EMAIL = 'Invalid email address';

/**
 * An email with the contact/voting messages: 'Email is required' / 'Invalid email address'.
 * Uses zod's practical email pattern (stricter than the registration form's), because the
 * server is the only place the vote email is checked (the spec's popup does not check it).
 */
const emailAddress = () =>
  safeString({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, INVALID_EMAIL)
    .regex(z.regexes.email, INVALID_EMAIL);

/** The spec's contact form rules, with its exact messages; strings are trimmed. */
export const ContactInquirySchema = z.object({
  contactPersonName: requiredText('Name is required', 120),
  email: emailAddress(),
  number: z.preprocess(
    normaliseContactNumber,
    z
      .string({ error: 'Phone number is required' })
      .trim()
      .min(1, 'Phone number is required')
      .regex(/^\d*$/, 'Phone number must be digits only')
      .min(CONTACT_PHONE_MIN_DIGITS, `Phone number must be at least ${CONTACT_PHONE_MIN_DIGITS} digits`)
      .max(CONTACT_PHONE_MAX_DIGITS, `Phone number must be at most ${CONTACT_PHONE_MAX_DIGITS} digits`),
  ),
  subject: requiredText('Subject is required', 200),
  message: optionalText(5000),
});
export type ContactInquiryInput = z.input<typeof ContactInquirySchema>;
export type ContactInquiry = z.output<typeof ContactInquirySchema>;

/** `{isOk: true, message: 'Form submitted successfully!'}`. */
export const ContactResponseSchema = z.object({ isOk: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

/**
 * One FAQ entry as `auth/list/FaqMaster` lists it: the spec's `que` and `ans` in English, and
 * the organizers' Gujarati and Hindi of each under `translations` where they wrote one.
 */
export const FaqItemSchema = z.object({
  _id: z.number().int(),
  que: z.string(),
  ans: z.string(),
  translations: storedTranslationsSchema(['que', 'ans']),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;
export const FaqListResponseSchema = envelope(z.array(FaqItemSchema));
export type FaqListResponse = z.infer<typeof FaqListResponseSchema>;

/** A CMS page: `Content` is HTML already sanitised by the server. */
export const CmsContentSchema = z.object({
  _id: z.number().int(),
  title: z.string(),
  Content: z.string(),
  /** The organizers' Gujarati and Hindi of the title and the (sanitised) HTML, where they wrote them. */
  translations: storedTranslationsSchema(['title', 'Content']),
});
export type CmsContent = z.infer<typeof CmsContentSchema>;
/** `auth/cms/get-content/{id}`: the about page, as a one-item list (the spec: "read as a list"). */
export const AboutContentResponseSchema = envelope(z.array(CmsContentSchema));
export type AboutContentResponse = z.infer<typeof AboutContentResponseSchema>;
/** `auth/startup-cms/get-content/{id}`: one nominee page. */
export const CmsPageResponseSchema = envelope(CmsContentSchema);
export type CmsPageResponse = z.infer<typeof CmsPageResponseSchema>;

/** The voter's email: trimmed and lower-cased so one mailbox is one voter. */
export const VoterEmailSchema = emailAddress().toLowerCase();

/** A nominee (CMS page) id as the `/cms/{id}` route param gives it: number or numeric string. */
const nomineeId = (message: string) => databaseId(message);

/** Body of `send-otp/AwardVoting`; `id` is the nominee page the popup was opened from. */
export const SendOtpRequestSchema = z.object({
  email: VoterEmailSchema,
  id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    nomineeId('Invalid nominee').optional(),
  ),
  /** The language of the page the vote was cast from: the code's email is written in it. */
  locale: localeField(),
});
export type SendOtpRequestInput = z.input<typeof SendOtpRequestSchema>;

/** Body of `resend-otp/AwardVoting`. */
export const ResendOtpRequestSchema = SendOtpRequestSchema;
export type ResendOtpRequestInput = z.input<typeof ResendOtpRequestSchema>;

/** Body of `verify-otp/AwardVoting` (email, otp, CMS id). */
export const VerifyOtpRequestSchema = z.object({
  email: VoterEmailSchema,
  otp: z
    .string({ error: 'OTP is required for verification' })
    .trim()
    .min(1, 'OTP is required for verification')
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `OTP must be ${OTP_LENGTH} digits`),
  id: nomineeId('Nominee is required'),
});
export type VerifyOtpRequestInput = z.input<typeof VerifyOtpRequestSchema>;

/** `{isOk: true, message}` of send-otp and verify-otp. */
export const VotingOkResponseSchema = z.object({ isOk: z.literal(true), message: z.string() });
export type VotingOkResponse = z.infer<typeof VotingOkResponseSchema>;
/** resend-otp also answers `msg`, which the original popup shows in its alert. */
export const OtpResentResponseSchema = z.object({
  isOk: z.literal(true),
  msg: z.string(),
  message: z.string(),
});
export type OtpResentResponse = z.infer<typeof OtpResentResponseSchema>;
/** A failed voting call; `error` is set for 409 ('Email already exists.') and 429. */
export const VotingErrorResponseSchema = z.object({
  isOk: z.literal(false),
  message: z.string(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type VotingErrorResponse = z.infer<typeof VotingErrorResponseSchema>;
