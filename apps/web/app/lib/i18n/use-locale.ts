/** The language of the page being rendered, from the Lingui instance the root made for it. */
import { useLingui } from '@lingui/react';
import { isLocale, SOURCE_LOCALE, type Locale } from './locales';

export function usePageLocale(): Locale {
  const { locale } = useLingui().i18n;
  return isLocale(locale) ? locale : SOURCE_LOCALE;
}
