/**
 * The validation messages of the shared zod schemas (packages/shared), translated in the browser.
 * The schemas run on the server too and stay free of Lingui: they answer the spec's English
 * messages, and the pages that show them (/register: the registration forms, the GST invoice
 * fields, the voucher and waiting-list forms; /contact: the inquiry form) look each English
 * message up here and show the
 * page's language's message. A message not listed shows in English (the server's own words, e.g.
 * a voucher refused at checkout). `validation-messages.test.ts` fails when a message those
 * schemas can produce is missing.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Messages with a fixed text, keyed by the English text the schema answers. */
const FIXED: Record<string, MessageDescriptor> = {
  // The person and the company (registration.ts, validation.ts).
  'Contact Person Name is required': msg`Contact Person Name is required`,
  'Name is required': msg`Name is required`,
  'Email is required': msg`Email is required`,
  'Invalid Email address!': msg`Invalid Email address!`,
  'Contact Number and country code is required': msg`Contact Number and country code is required`,
  'Country Code is required': msg`Country Code is required`,
  'Contact Number is required': msg`Contact Number is required`,
  'Invalid Mobile Number!': msg`Invalid Mobile Number!`,
  'Startup name is required': msg`Startup name is required`,
  'Founder Name is required': msg`Founder Name is required`,
  'Industry/Sector is required': msg`Industry/Sector is required`,
  'Stage of Startup is required': msg`Stage of Startup is required`,
  'Team Size is required': msg`Team Size is required`,
  'Brief About Startup is required': msg`Brief About Startup is required`,
  'Legal Name Startup is required': msg`Legal Name Startup is required`,
  'Establishment Date of Startup is required': msg`Establishment Date of Startup is required`,
  'Establishment Date of Startup must be a real date (YYYY-MM-DD)': msg`Establishment Date of Startup must be a real date (YYYY-MM-DD)`,
  'Establishment Date of Startup cannot be in the future': msg`Establishment Date of Startup cannot be in the future`,
  'Investment amount must be a number': msg`Investment amount must be a number`,
  'Investment amount cannot be negative': msg`Investment amount cannot be negative`,
  'Investment amount is too large': msg`Investment amount is too large`,
  'Please accept the terms and conditions': msg`Please accept the terms and conditions`,
  // Where they come from.
  'Country is required': msg`Country is required`,
  'State is required': msg`State is required`,
  'City is required': msg`City is required`,
  'Pincode is required': msg`Pincode is required`,
  'Pincode must be 6 digits for India': msg`Pincode must be 6 digits for India`,
  'Address is required': msg`Address is required`,
  // The tab's category (no input of its own: said for the whole form).
  'Choose the Pitcher or Start-Up tab': msg`Choose the Pitcher or Start-Up tab`,
  'Choose the Investor tab': msg`Choose the Investor tab`,
  'Choose the Visitor tab': msg`Choose the Visitor tab`,
  // The contact form (content.ts) and what the server answers it.
  'Invalid email address': msg`Invalid email address`,
  'Phone number is required': msg`Phone number is required`,
  'Phone number must be digits only': msg`Phone number must be digits only`,
  'Subject is required': msg`Subject is required`,
  'Form submitted successfully!': msg`Form submitted successfully!`,
  'Too many requests. Please try again in a minute.': msg`Too many requests. Please try again in a minute.`,
  // Any text or choice.
  'Must not contain NUL characters or unpaired surrogates': msg`Must not contain NUL characters or unpaired surrogates`,
  'Not a valid choice': msg`Not a valid choice`,
  // The page's language, sent with every registration (never typed: a tampered request).
  'Language must be one of en, gu, hi': msg`Language must be one of en, gu, hi`,
  // The files of the startup form (features/registration/lib/form-schemas.ts).
  'Logo must be a PNG, JPEG, WebP or GIF image': msg`Logo must be a PNG, JPEG, WebP or GIF image`,
  'Each product image must be a PNG, JPEG, WebP or GIF image': msg`Each product image must be a PNG, JPEG, WebP or GIF image`,
  'Brochure must be a PDF file': msg`Brochure must be a PDF file`,
  // The organizer's registration questions (registration-questions.ts).
  'Please answer this question': msg`Please answer this question`,
  'Answer with text': msg`Answer with text`,
  'Choose one of the options': msg`Choose one of the options`,
  'Choose Yes or No': msg`Choose Yes or No`,
  'Choose only from the options': msg`Choose only from the options`,
  'Answer is too long': msg`Answer is too long`,
  'Unknown question': msg`Unknown question`,
  'Answers must be an object keyed by question id': msg`Answers must be an object keyed by question id`,
  // The GST invoice fields (gst.ts, gst-states.ts).
  'Enter the company name': msg`Enter the company name`,
  'The company name can be at most 200 characters': msg`The company name can be at most 200 characters`,
  'Enter the billing address': msg`Enter the billing address`,
  'The billing address can be at most 500 characters': msg`The billing address can be at most 500 characters`,
  'Enter the GSTIN': msg`Enter the GSTIN`,
  'Enter a 15-character GSTIN such as 24AAACG1234A1Z5': msg`Enter a 15-character GSTIN such as 24AAACG1234A1Z5`,
  'The GSTIN does not start with a known state code': msg`The GSTIN does not start with a known state code`,
  'This GSTIN is not valid: its last character does not match (check for a typing mistake)': msg`This GSTIN is not valid: its last character does not match (check for a typing mistake)`,
  'Choose a state': msg`Choose a state`,
  // Checkout, the voucher code and the waiting list (checkout.ts, waiting-list.ts).
  'Choose a ticket': msg`Choose a ticket`,
  'Register at least one attendee': msg`Register at least one attendee`,
  'Unknown attendee': msg`Unknown attendee`,
  'Enter a voucher code': msg`Enter a voucher code`,
  'A voucher code is 3–32 letters, digits or hyphens': msg`A voucher code is 3–32 letters, digits or hyphens`,
  'Enter how many seats you need': msg`Enter how many seats you need`,
  'Enter a whole number of seats': msg`Enter a whole number of seats`,
  'Ask for at least one seat': msg`Ask for at least one seat`,
  'Enter a quantity': msg`Enter a quantity`,
  'Enter a whole number': msg`Enter a whole number`,
  'At least one seat': msg`At least one seat`,
  // What the server says of a registration it took (the attendees dialog's notice).
  'Registration successful': msg`Registration successful`,
  'Please correct the highlighted fields.': msg`Please correct the highlighted fields.`,
  // What the browser says when the server cannot be reached or answers oddly (lib/api-client.ts).
  'Could not reach the server. Please try again.': msg`Could not reach the server. Please try again.`,
  'Something went wrong. Please try again.': msg`Something went wrong. Please try again.`,
  'The server sent an unexpected answer.': msg`The server sent an unexpected answer.`,
};

/**
 * Messages with a number or a name in them: the pattern of the English text, and its message
 * with the part that varies as a placeholder (a translator moves it, never drops it).
 */
const VARYING: readonly [RegExp, (...parts: string[]) => MessageDescriptor][] = [
  [/^Must be at most (\d+) characters$/, (max) => msg`Must be at most ${max} characters`],
  [/^Keep your answer under (\d+) characters$/, (max) => msg`Keep your answer under ${max} characters`],
  [/^Logo must be at most (\d+) MB$/, (size) => msg`Logo must be at most ${size} MB`],
  [
    /^Each product image must be at most (\d+) MB$/,
    (size) => msg`Each product image must be at most ${size} MB`,
  ],
  [/^Brochure must be at most (\d+) MB$/, (size) => msg`Brochure must be at most ${size} MB`],
  [/^Choose at most (\d+) product images$/, (count) => msg`Choose at most ${count} product images`],
  [
    /^Phone number must be at least (\d+) digits$/,
    (count) => msg`Phone number must be at least ${count} digits`,
  ],
  [
    /^Phone number must be at most (\d+) digits$/,
    (count) => msg`Phone number must be at most ${count} digits`,
  ],
  [/^At most (\d+) seats$/, (count) => msg`At most ${count} seats`],
  [/^At most (\d+) attendees per order$/, (count) => msg`At most ${count} attendees per order`],
  // The state's name is the GST list's (data, as the organizers' names are).
  [
    /^This GSTIN is registered in (.+); choose that state$/,
    (state) => msg`This GSTIN is registered in ${state}; choose that state`,
  ],
  // zod's own message for a value of the wrong type ("Invalid input: expected number, received
  // NaN"), given where a schema names no message: values the page sets itself, never typed.
  [/^Invalid input\b/, () => msg`Invalid input`],
];

/** The message descriptor of an English validation message, or undefined for one not listed. */
export function validationMessage(english: string): MessageDescriptor | undefined {
  const fixed = Object.hasOwn(FIXED, english) ? FIXED[english] : undefined;
  if (fixed) return fixed;
  for (const [pattern, describe] of VARYING) {
    const match = pattern.exec(english);
    if (match) return describe(...match.slice(1));
  }
  return undefined;
}

/**
 * `english` in `i18n`'s language: its message when listed and the page's catalog has it, else
 * the English text as it is. (The console loads no catalog: there, every message stays English.)
 */
export function translateValidationMessage(i18n: I18n, english: string): string {
  const descriptor = validationMessage(english);
  if (!descriptor || !(descriptor.id in i18n.messages)) return english;
  return i18n._(descriptor);
}
