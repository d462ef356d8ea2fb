/**
 * The site's languages (docs/decisions/032-lingui.md): English at `/`, Gujarati under `/gu`,
 * Hindi under `/hi`. Numbers and dates are formatted with `Intl` in the locale's Indian variant,
 * with Latin digits and in India time wherever a page writes them.
 */

import type { Locale } from '@festival/shared';

export { INTL_LOCALE, isLocale, LOCALES, SOURCE_LOCALE, type Locale } from '@festival/shared';

/** Each language's name in its own script, as the language switcher offers it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  gu: 'ગુજરાતી',
  hi: 'हिन्दी',
};
