/**
 * The site's languages (docs/decisions/032-lingui.md): English at `/`, Gujarati under `/gu`,
 * Hindi under `/hi`. Numbers and dates are formatted with `Intl` in the locale's Indian variant,
 * with Latin digits and in India time wherever a page writes them.
 */

/** The languages, English (the source of every message) first. */
export const LOCALES = ['en', 'gu', 'hi'] as const;

export type Locale = (typeof LOCALES)[number];

/** The language of every page that has no translation, and of the organizer console. */
export const SOURCE_LOCALE: Locale = 'en';

/** Each language's name in its own script, as the language switcher offers it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  gu: 'ગુજરાતી',
  hi: 'हिन्दी',
};

/**
 * The `Intl` locale of each language: its Indian variant with Latin digits (`nu-latn`), so
 * prices, references and dates keep the digits on tickets and invoices whatever CLDR's default.
 */
export const INTL_LOCALE: Record<Locale, string> = {
  en: 'en-IN',
  gu: 'gu-IN-u-nu-latn',
  hi: 'hi-IN-u-nu-latn',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
