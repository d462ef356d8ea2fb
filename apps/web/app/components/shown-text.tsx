/**
 * Organizers' text in the page's language (decision 034): their Gujarati or Hindi where they
 * wrote it, else the English marked `lang="en"` on a Gujarati or Hindi page, so screen readers
 * and fonts treat it as English. English pages show the English as before. No marker here: the
 * console says what is not yet translated.
 */
import { shownText, type Translations } from '@festival/shared';
import { usePageLocale } from '~/lib/i18n/use-locale';

export function ShownText<F extends string>({
  translations,
  field,
  english,
  className,
}: {
  translations: Translations<F> | undefined;
  field: F;
  english: string;
  className?: string;
}) {
  const shown = shownText(translations, usePageLocale(), field, english);
  return (
    <span lang={shown.lang} className={className}>
      {shown.text}
    </span>
  );
}

/**
 * The text alone, for where no element of its own can carry `lang` (an attribute, an option's
 * label, inside a translated sentence).
 */
export function useShownText() {
  const locale = usePageLocale();
  return <F extends string>(translations: Translations<F> | undefined, field: F, english: string) =>
    shownText(translations, locale, field, english).text;
}
