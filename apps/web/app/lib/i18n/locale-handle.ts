/**
 * How a page's language reaches the render. Each language has a layout route
 * (routes/locale/<locale>.tsx) that imports only its own compiled catalog and declares it in its
 * `handle`; the root reads the matched layout's handle while rendering and makes a new Lingui
 * instance from it. So the language is set during the render (prerendering, the API's renders,
 * the browser's hydration alike, with the same text), two renders never share an instance, and
 * a page loads the catalog of its own language only.
 *
 * That layout's catalog holds the chrome's and most pages' messages. The messages of the
 * registration forms, tickets and passes, and the legal texts, are catalogs of their own
 * (lingui.config.ts), each brought by a catalog layout per language
 * (routes/catalogs/<catalog>.<locale>.tsx) around the pages that show them, so the home page
 * does not load them.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { SOURCE_LOCALE, type Locale } from './locales';

export interface LocaleHandle {
  locale: Locale;
  /** The locale's compiled catalog (app/locales/<locale>/messages.po). */
  messages: Messages;
  /** @font-face rules and the font stack of the locale's script; empty for English (system fonts). */
  fontCss: string;
}

/** The handle of a catalog layout: a further catalog, in the language of the locale layout above it. */
export interface CatalogHandle {
  catalog: Messages;
}

export function isLocaleHandle(handle: unknown): handle is LocaleHandle {
  return typeof handle === 'object' && handle !== null && 'locale' in handle && 'messages' in handle;
}

export function isCatalogHandle(handle: unknown): handle is CatalogHandle {
  return typeof handle === 'object' && handle !== null && 'catalog' in handle;
}

/**
 * A Lingui instance of `handle`'s language with its catalog and, when the page is inside a
 * catalog layout, that layout's `catalog` too; without a locale handle (the console) English with
 * no messages.
 */
export function createI18n(handle: LocaleHandle | undefined, catalog?: CatalogHandle): I18n {
  const locale = handle?.locale ?? SOURCE_LOCALE;
  return setupI18n({
    locale,
    messages: { [locale]: { ...handle?.messages, ...catalog?.catalog } },
  });
}
