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

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The address of a translated page in `locale`: `/payment-success` in Gujarati is
 * `/gu/payment-success`; English and any value that is not one of the languages keep `path`.
 * Only for pages the site has in every language (the web's list of localized pages).
 */
export function pagePathIn(locale: unknown, path: `/${string}`): string {
  return isLocale(locale) && locale !== SOURCE_LOCALE ? `/${locale}${path}` : path;
}

/**
 * The manage page's absolute address in `locale` on the site at `siteUrl` (its origin, no
 * trailing slash): every email's "manage your registration" line, `https://…/gu/manage`.
 */
export function managePageUrl(siteUrl: string, locale: unknown): string {
  return `${siteUrl}${pagePathIn(locale, '/manage')}`;
}
