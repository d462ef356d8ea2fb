/**
 * The language a visitor chose with the switcher, kept in the browser (localStorage). The site is
 * prerendered and served as static files, so no server can redirect by a cookie or by
 * Accept-Language; instead, once a page has hydrated, an English page that has a twin in the
 * remembered language is replaced by that twin (a client-side navigation, no reload). Choosing
 * English remembers English. Crawlers and first visits remember nothing and see the address they
 * asked for.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLocalizedPath, localeOfPath, localizedPath } from './localized-routes';
import { isLocale, SOURCE_LOCALE, type Locale } from './locales';

const STORAGE_KEY = 'festival-locale';

/** Remembers `locale` as the visitor's choice; storage that is unavailable (private mode) is ignored. */
export function rememberLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Without storage the choice lasts as long as the page's links, which stay in the language.
  }
}

function rememberedLocale(): Locale | undefined {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the visitor from an English page to its twin in the language they chose, after hydration. */
export function useRememberedLocale(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const chosen = rememberedLocale();
    if (!chosen || chosen === SOURCE_LOCALE) return;
    if (localeOfPath(pathname) !== SOURCE_LOCALE || !isLocalizedPath(pathname)) return;
    void navigate(`${localizedPath(pathname, chosen)}${search}${hash}`, { replace: true });
  }, [pathname, search, hash, navigate]);
}
