/**
 * The languages a registrant reads the site, their emails and their passes in: English (the
 * source of every message), Gujarati and Hindi. A registration and an order store the language
 * of the page they were sent from; invoices and the organizer console stay English.
 *
 * No zod here: every page of the site imports these (the language switcher, the page's
 * language), and a schema would bring zod into the first load of pages that validate nothing.
 * The request field is in locale-schema.ts.
 */

/** The languages, English first. */
export const LOCALES = ['en', 'gu', 'hi'] as const;

export type Locale = (typeof LOCALES)[number];

/** The language of anything sent without one, and of every legal document. */
export const SOURCE_LOCALE = 'en' satisfies Locale;

/** The message for a language the site does not offer. */
export const LOCALE_MESSAGE = `Language must be one of ${LOCALES.join(', ')}`;

/**
 * The `Intl` locale of each language: its Indian variant with Latin digits (`nu-latn`), so
 * prices, references and dates keep the digits 0–9 whatever CLDR's default.
 */
export const INTL_LOCALE: Record<Locale, string> = {
  en: 'en-IN',
  gu: 'gu-IN-u-nu-latn',
  hi: 'hi-IN-u-nu-latn',
};
