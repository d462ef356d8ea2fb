/**
 * The language of the mail to registrants and buyers (docs/decisions/033-server-i18n.md).
 * Each email is rendered with its own Lingui instance in its recipient's stored language, never
 * the global `i18n`: jobs render emails in different languages at the same time. Messages are
 * descriptors with explicit ids, written next to the email that uses them and marked with an
 * `i18n` block comment so `lingui extract` finds them; the compiled catalogs are
 * `src/locales/<locale>/messages.ts`.
 *
 * Dates go through `Intl` in the language's Indian variant with Latin digits, in India time;
 * amounts stay `formatRupees` (Latin digits, lakh grouping) in every language.
 */
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import {
  EVENT_TIME_ZONE,
  INTL_LOCALE,
  SOURCE_LOCALE,
  type Locale,
  type ParticipantCategoryId,
} from '@festival/shared';
import { messages as en } from '../../locales/en/messages.js';
import { messages as gu } from '../../locales/gu/messages.js';
import { messages as hi } from '../../locales/hi/messages.js';

export type { I18n, MessageDescriptor } from '@lingui/core';

const CATALOGS: Record<Locale, Messages> = { en, gu, hi };

/** A new Lingui instance for one email in `locale` (English for mail with no stored language). */
export function mailI18n(locale: Locale = SOURCE_LOCALE): I18n {
  return setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } });
}

/** The `Intl` locale of an instance's language ("gu-IN-u-nu-latn"). */
export function intlLocaleOf(i18n: I18n): string {
  return INTL_LOCALE[i18n.locale as Locale] ?? INTL_LOCALE[SOURCE_LOCALE];
}

/** An `Intl.DateTimeFormat` in the instance's language and India time. */
export function dateFormat(i18n: I18n, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(intlLocaleOf(i18n), { timeZone: EVENT_TIME_ZONE, ...options });
}

/**
 * The spec's four participant categories as a pass names its holder's role. They are the
 * spec's fixed words, not organizers' data, so they are translated as the site's tabs are.
 */
const CATEGORY_NAMES: Record<ParticipantCategoryId, MessageDescriptor> = {
  1: /*i18n*/ { id: 'category.pitcher', message: 'Pitcher' },
  2: /*i18n*/ { id: 'category.start-up', message: 'Start-Up' },
  3: /*i18n*/ { id: 'category.investor', message: 'Investor' },
  4: /*i18n*/ { id: 'category.visitor', message: 'Visitor' },
};

/**
 * The name of participant category `id` in the instance's language; an id the spec does not
 * define prints as its number, as reference-data `roleName` does.
 */
export function categoryName(i18n: I18n, id: number): string {
  const descriptor = CATEGORY_NAMES[id as ParticipantCategoryId];
  return descriptor ? i18n._(descriptor) : String(id);
}
