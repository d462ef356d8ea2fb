/**
 * The console's parts for organizers' content in three languages (decision 034): an editor's
 * English, Gujarati and Hindi groups side by side (one above the other on a phone), and the
 * list's "Not yet translated: Gujarati, Hindi" marker. Public pages show no marker.
 */
import {
  TRANSLATION_LOCALE_NAMES,
  TRANSLATION_LOCALES,
  untranslatedLocales,
  type TranslationLocale,
  type Translations,
} from '@festival/shared';
import type { ReactNode } from 'react';

const COLUMN = 'grid content-start gap-4 rounded-xl border border-slate-200 p-4';
const LEGEND = 'px-1 text-sm font-bold text-brand-900';

/**
 * Three labelled groups, "English", "Gujarati" and "Hindi": `english` holds the required
 * fields, `translation(locale)` the optional fields of that language.
 */
export function TranslatedFieldGroups({
  english,
  translation,
  className,
}: {
  english: ReactNode;
  translation: (locale: TranslationLocale, language: string) => ReactNode;
  className?: string;
}) {
  return (
    <div className={`grid gap-4 lg:grid-cols-3 ${className ?? ''}`}>
      <fieldset className={COLUMN}>
        <legend className={LEGEND}>English</legend>
        {english}
      </fieldset>
      {TRANSLATION_LOCALES.map((locale) => (
        <fieldset key={locale} className={COLUMN}>
          <legend className={LEGEND}>{TRANSLATION_LOCALE_NAMES[locale]}</legend>
          {translation(locale, TRANSLATION_LOCALE_NAMES[locale])}
        </fieldset>
      ))}
    </div>
  );
}

/** "Not yet translated: Gujarati, Hindi" for an entry lacking any of `fields` in a language; nothing when complete. */
export function UntranslatedNote<F extends string>({
  translations,
  fields,
}: {
  translations: Translations<F>;
  fields: readonly F[];
}) {
  const missing = untranslatedLocales(translations, fields);
  if (missing.length === 0) return null;
  return (
    <p className="mt-2 inline-block rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
      Not yet translated: {missing.map((locale) => TRANSLATION_LOCALE_NAMES[locale]).join(', ')}
    </p>
  );
}
