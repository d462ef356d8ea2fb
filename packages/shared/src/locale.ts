/**
 * The languages a registrant reads the site, their emails and their passes in: English (the
 * source of every message), Gujarati and Hindi. A registration and an order store the language
 * of the page they were sent from; invoices and the organizer console stay English.
 */
import { z } from 'zod';

/** The languages, English first. */
export const LOCALES = ['en', 'gu', 'hi'] as const;

/** The language of anything sent without one, and of every legal document. */
export const SOURCE_LOCALE = 'en';

/** The message for a language the site does not offer. */
export const LOCALE_MESSAGE = `Language must be one of ${LOCALES.join(', ')}`;

/** A supported language code; what a request sends in its `locale` field. */
export const LocaleSchema = z.enum(LOCALES, { error: LOCALE_MESSAGE });
export type Locale = z.infer<typeof LocaleSchema>;

/** The optional `locale` field of a public request: English when it is left out. */
export const localeField = () => LocaleSchema.default(SOURCE_LOCALE);

/**
 * The `Intl` locale of each language: its Indian variant with Latin digits (`nu-latn`), so
 * prices, references and dates keep the digits 0–9 whatever CLDR's default.
 */
export const INTL_LOCALE: Record<Locale, string> = {
  en: 'en-IN',
  gu: 'gu-IN-u-nu-latn',
  hi: 'hi-IN-u-nu-latn',
};
