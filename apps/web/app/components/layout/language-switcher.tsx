/**
 * The language switcher of the header: a disclosure button (WAI-ARIA disclosure pattern, like the
 * wide-screen menu) that shows the three languages, each named in its own script and marked with
 * its `lang`. Each goes to the page on screen in that language (its twin, lib/i18n/localized-routes.ts),
 * or to that language's home page when the page has no translation yet, and is remembered for
 * the next visit (lib/i18n/remembered-locale.ts). Escape closes the list and returns focus to the
 * button; a press or focus outside closes it. Below the sm breakpoint the button shows only its
 * icon, so the header fits a 375 px screen.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { englishPath, isLocalizedPath, localizedPath } from '~/lib/i18n/localized-routes';
import { LOCALE_NAMES, LOCALES, type Locale } from '~/lib/i18n/locales';
import { rememberLocale } from '~/lib/i18n/remembered-locale';
import { usePageLocale } from '~/lib/i18n/use-locale';

/** Where `locale`'s entry goes from the page at `pathname` (keeping its query and hash). */
export function switchTarget(pathname: string, suffix: string, locale: Locale): string {
  const english = englishPath(pathname);
  if (isLocalizedPath(english)) return `${localizedPath(english, locale)}${suffix}`;
  return localizedPath('/', locale);
}

export function LanguageSwitcher() {
  const current = usePageLocale();
  const { pathname, search, hash } = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  return (
    <div
      ref={root}
      // Below sm the list hangs from the header's right edge (the sticky header is its containing
      // block), so it never runs off a 375 px screen; from sm it hangs from the button.
      className="shrink-0 sm:relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border border-white/20 px-2 text-sm font-semibold hover:bg-white/10"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </svg>
        <span className="sr-only">
          <Trans>Language</Trans>:{' '}
        </span>
        <span lang={current} className="sr-only sm:not-sr-only">
          {LOCALE_NAMES[current]}
        </span>
      </button>
      {open ? (
        <ul
          id={listId}
          className="animate-fade-in absolute top-full right-4 z-40 mt-2 w-40 sm:right-0 rounded-xl bg-white p-2 text-slate-800 shadow-xl ring-1 ring-slate-200"
        >
          {LOCALES.map((locale) => (
            <li key={locale}>
              <Link
                to={switchTarget(pathname, `${search}${hash}`, locale)}
                lang={locale}
                hrefLang={locale}
                aria-current={locale === current ? 'true' : undefined}
                onClick={() => {
                  rememberLocale(locale);
                  setOpen(false);
                }}
                className="flex min-h-11 items-center rounded-lg px-3 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 aria-[current=true]:bg-brand-50 aria-[current=true]:font-bold aria-[current=true]:text-brand-800"
              >
                {LOCALE_NAMES[locale]}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
