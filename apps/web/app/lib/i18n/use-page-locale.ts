/**
 * The language of the page being rendered, as requests send it (`locale`): the server stores it
 * on the registration or order and writes that person's emails in it. English on the pages that
 * have no translation.
 */
import { useLingui } from '@lingui/react';
import { isLocale, SOURCE_LOCALE, type Locale } from './locales';

export function usePageLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}
