/**
 * Organizers' content in Gujarati and Hindi (docs/decisions/034-organizer-content-translations.md).
 * English stays in the table's own columns, the source; a `translations` jsonb column beside it
 * holds `{ gu: { question: '…' }, hi: { … } }`, only the table's translatable fields. A missing
 * language or field means "not translated": the public page shows the English instead, and the
 * console marks the entry for organizers.
 *
 * No zod here, as in locale.ts: the public pages pick a translation with these; the schemas are
 * in translations-schema.ts.
 */
import { LOCALES, SOURCE_LOCALE, type Locale } from './locale.js';

/** The languages content is translated into: every language but English, the source. */
export const TRANSLATION_LOCALES = LOCALES.filter(
  (locale): locale is Exclude<Locale, typeof SOURCE_LOCALE> => locale !== SOURCE_LOCALE,
);
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];

/** The console's (English) name of each language it shows translations of. */
export const TRANSLATION_LOCALE_NAMES: Record<TranslationLocale, string> = { gu: 'Gujarati', hi: 'Hindi' };

/** Answered for a translation keyed by a language the site does not translate into. */
export const TRANSLATION_LOCALE_MESSAGE = `Translations must be in one of ${TRANSLATION_LOCALES.join(', ')}`;

/** The translations of fields `F`: any language may lack any field (not translated). */
export type Translations<F extends string> = Partial<Record<TranslationLocale, Partial<Record<F, string>>>>;

/**
 * The languages `translations` lacks any of `fields` in (the console's "Not yet translated"
 * marker), in TRANSLATION_LOCALES order.
 */
export function untranslatedLocales<F extends string>(
  translations: Translations<F>,
  fields: readonly F[],
): TranslationLocale[] {
  return TRANSLATION_LOCALES.filter((locale) => fields.some((name) => !translations[locale]?.[name]));
}

/** `locale`'s translation of `field` if there is one, else undefined (show the English). */
export function translationOf<F extends string>(
  translations: Translations<F> | undefined,
  locale: Locale,
  field: F,
): string | undefined {
  return locale === SOURCE_LOCALE ? undefined : translations?.[locale]?.[field];
}

/**
 * What a page in `locale` shows for `field`: its translation, or the English with `lang: 'en'`
 * for the element that shows it (so screen readers and fonts treat it as English). English
 * pages show the English with no `lang` of their own.
 */
export function shownText<F extends string>(
  translations: Translations<F> | undefined,
  locale: Locale,
  field: F,
  english: string,
): { text: string; lang?: typeof SOURCE_LOCALE } {
  if (locale === SOURCE_LOCALE) return { text: english };
  const translated = translationOf(translations, locale, field);
  return translated === undefined ? { text: english, lang: SOURCE_LOCALE } : { text: translated };
}
