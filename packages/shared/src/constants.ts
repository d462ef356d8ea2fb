/**
 * Business constants of the festival, from the spec. Money is integer paise; times are
 * stored in UTC and shown in Asia/Kolkata.
 */

/** Participant categories and the register page's tab ids, as the spec numbers them. */
export const ParticipantCategory = {
  Pitcher: 1,
  StartUp: 2,
  Investor: 3,
  Visitor: 4,
} as const;
export type ParticipantCategoryId = (typeof ParticipantCategory)[keyof typeof ParticipantCategory];

/** Display name of each participant category, as the tabs and passes show it. */
export const PARTICIPANT_CATEGORY_NAMES: Record<ParticipantCategoryId, string> = {
  1: 'Pitcher',
  2: 'Start-Up',
  3: 'Investor',
  4: 'Visitor',
};

/**
 * The colour of each participant category on printed badges: a band across the badge in this
 * colour, with the category's name written on it in `text` (never colour alone). From the
 * Okabe–Ito palette, which people with the common colour-vision deficiencies tell apart; each
 * `text` has a contrast of at least 4.5:1 on its band (WCAG 2.2 AA). Kept beside the names
 * because the categories are the spec's fixed four, not organizer-editable data: a new
 * category means a code change to both anyway.
 */
export const PARTICIPANT_CATEGORY_COLOURS: Record<ParticipantCategoryId, { band: string; text: string }> = {
  1: { band: '#D55E00', text: '#000000' },
  2: { band: '#0072B2', text: '#FFFFFF' },
  3: { band: '#009E73', text: '#000000' },
  4: { band: '#F0E442', text: '#000000' },
};

/** Categories that register with the startup form (spec: the Pitcher and Start-Up tabs). */
export const STARTUP_FORM_CATEGORIES = [ParticipantCategory.Pitcher, ParticipantCategory.StartUp] as const;

/** ISO 4217 currency of every price and order. */
export const CURRENCY = 'INR';

/** Time zone the festival's times are shown in. */
export const EVENT_TIME_ZONE = 'Asia/Kolkata';

/**
 * What the public site says when the current edition has ended, and what checkout refuses with.
 *
 * This and the two messages below live here, not beside the schemas they belong to: a module
 * that builds zod schemas when loaded is never tree-shaken, so a page importing one message
 * from it loaded zod and libphonenumber (the home and register pages' first load).
 */
export const EDITION_CLOSED_MESSAGE = 'Registrations for this edition are closed';

/**
 * Where the current edition's sales stand at the server's clock (decided by
 * editions/sales.ts from the edition's end and its ticket types' visibility and sales windows):
 * - `upcoming`: nothing on sale yet; sales open at `opensAt` when a ticket type says when;
 * - `open`: at least one ticket type can be bought;
 * - `closed`: every sales window has ended, the festival has not;
 * - `ended`: the festival is over.
 */
export const SALES_STATES = ['upcoming', 'open', 'closed', 'ended'] as const;
export type SalesState = (typeof SALES_STATES)[number];

/**
 * The `code` of a 409 refusal of a registration or a checkout because sales are not open
 * (upcoming, closed or ended): the register page then shows the edition's state, not a form.
 * Also the refusal to announce the "Tell me when registration opens" list before sales open.
 */
export const SALES_NOT_OPEN_CODE = 'SALES_NOT_OPEN';

/** What the site and the registration API say while the edition's sales have not opened. */
export const SALES_UPCOMING_MESSAGE = 'Registration for this edition has not opened yet';

/** What the site and the registration API say once every sales window has ended. */
export const SALES_CLOSED_MESSAGE = 'Registration for this edition has closed';

/** The spec's message when both the country code and the contact number are missing. */
export const PHONE_PAIR_REQUIRED_MESSAGE = 'Contact Number and country code is required';

/**
 * The machine-readable `code` of a 409 registration refusal for an email already registered in
 * that role. Paid or not, the answer is the same and a manage link went to that inbox, so the
 * form shows the message in place of a dead end and does not go on to payment.
 */
export const ALREADY_REGISTERED_CODE = 'ALREADY_REGISTERED';

/** Minutes an unpaid order holds its seats before they return to sale. */
export const RESERVATION_MINUTES = 15;

/** Most attendees one order may carry; a guard against absurd requests, not a spec limit. */
export const MAX_ATTENDEES_PER_ORDER = 50;

/** Upload limits in bytes. */
export const UPLOAD_LIMITS = {
  imageBytes: 5 * 1024 * 1024,
  pdfBytes: 10 * 1024 * 1024,
  productImages: 5,
} as const;

/** Image types accepted for logos and product images, checked by content on the server. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The contact form's phone digits bounds (spec: at least 10). 15 is the E.164 maximum length of a number. */
export const CONTACT_PHONE_MIN_DIGITS = 10;
export const CONTACT_PHONE_MAX_DIGITS = 15;

/** Digits in an award-voting OTP and wrong tries it survives. */
export const OTP_LENGTH = 6;
export const OTP_MAX_ATTEMPTS = 5;

/**
 * Seconds a vote OTP stays valid (the spec's popup counts down 300 seconds). One value
 * for both sides: the server expires the code when the popup's countdown reaches 0:00.
 */
export const OTP_TTL_SECONDS = 300;

/** The API's `error` for an email that has already voted; the popup keys its alert on it. */
export const VOTE_ALREADY_RECORDED_ERROR = 'Email already exists.';

/** The spec's contact form success message, answered by the API and shown in the alert. */
export const CONTACT_SUCCESS_MESSAGE = 'Form submitted successfully!';

// Made once: building an Intl formatter costs far more than formatting with it, and the order
// path formats amounts on every page and email.
const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const eventDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** Formats integer paise as Indian rupees, e.g. 10000000 → "₹1,00,000", 10050 → "₹100.50". */
export function formatRupees(paise: number): string {
  const rupees = paise / 100;
  return (Number.isInteger(rupees) ? wholeRupees : rupeesAndPaise).format(rupees);
}

/** Formats a UTC instant as a date in the festival's time zone, e.g. "20 Oct 2024". */
export function formatEventDate(iso: string | Date): string {
  return eventDate.format(new Date(iso));
}

/**
 * How long orders, payments and invoices are kept after a person asks for erasure, said the
 * same way on the privacy notice and on Manage my registration (one fact, one place). CGST Act
 * 2017 section 36: accounts and records are kept for 72 months from the due date of the annual
 * return of the year they belong to.
 */
export const TAX_RECORD_RETENTION = {
  months: 72,
  text: 'GST records for 72 months after the annual return for their year is due (CGST Act, section 36)',
} as const;
