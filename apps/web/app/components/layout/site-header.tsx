/**
 * The site header: logo and date link home, the venue opening a maps link in a new tab (the current
 * edition's, lib/current-edition.ts), the language switcher, Register Now, and the menu. From the lg breakpoint (992 px)
 * the menu shows three dropdowns and Contact; below it a toggle opens the side panel.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { BRAND_NAME, useEditionFacts } from '~/lib/current-edition';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';
import { LanguageSwitcher } from './language-switcher';
import { buttonClassName } from '../ui/button';
import { useContactLink, useNavGroups } from './nav-links';
import { SidePanel } from './side-panel';
import { ChevronDownIcon } from '../ui/icons';

export function SiteHeader() {
  const edition = useEditionFacts();
  const locale = usePageLocale();
  const home = localizedPath('/', locale);
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-brand-950 text-white">
      {/* max-w-6xl is every page's centred column, so the logo starts where the headings do. */}
      <div className="mx-auto flex w-full max-w-6xl items-center gap-3 px-4 py-2.5">
        <Link to={home} className="flex min-h-11 shrink-0 items-center gap-2">
          <LogoMark />
          {/* The name stays readable to screen readers when a narrow screen hides it. */}
          <span className="sr-only text-base leading-tight font-extrabold tracking-tight min-[400px]:not-sr-only">
            Startup Fest{' '}
            <span className="block text-xs font-semibold text-accent-400">
              Gujarat{edition ? ` ${edition.year}` : ''}
            </span>
          </span>
        </Link>
        {/* Each link at least 24 px tall (WCAG 2.5.8 target size). Until the edition is known (a
            prerendered page before it loads) the place stays empty rather than show stale facts. */}
        <div className="hidden min-w-0 flex-col items-start text-xs leading-snug md:flex">
          {edition ? (
            <>
              <Link
                to={home}
                className="inline-flex min-h-6 items-center font-semibold hover:text-accent-400"
              >
                {edition.days}
              </Link>
              <a
                href={edition.venueMapUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-6 items-center text-white/80 hover:text-accent-400"
              >
                {edition.venue}
                <span className="sr-only">
                  {' '}
                  <Trans>(map, opens in a new tab)</Trans>
                </span>
              </a>
            </>
          ) : (
            <span className="sr-only">{BRAND_NAME}</span>
          )}
        </div>
        <DesktopMenu />
        <div className="ml-auto lg:ml-0">
          <LanguageSwitcher />
        </div>
        <Link
          to={localizedPath('/register', locale)}
          className={buttonClassName('primary', 'min-h-10 shrink-0 px-3 py-2 whitespace-nowrap sm:px-5')}
        >
          <Trans>Register Now</Trans>
        </Link>
        <SidePanel />
      </div>
    </header>
  );
}

const linkClass =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold hover:bg-white/10 hover:text-accent-400';

/** The element after or before `current` among `items`, wrapping round; Home and End jump to the ends. */
function nextOf(items: HTMLElement[], current: Element | null, key: string) {
  const index = items.indexOf(current as HTMLElement);
  if (key === 'Home') return items[0];
  if (key === 'End') return items.at(-1);
  const step = key === 'ArrowRight' || key === 'ArrowDown' ? 1 : -1;
  return items[(index + step + items.length) % items.length];
}

/**
 * The wide-screen menu: the disclosure navigation pattern of the WAI-ARIA Authoring Practices
 * (buttons with aria-expanded that show a list of links), which needs a few lines where Radix
 * NavigationMenu cost about 9 KB of gzipped JavaScript on every page, phones included. It
 * behaves as the Radix menu did: one dropdown open at a time, opened and closed by click
 * or keyboard only (so switching menus takes one click), Escape closes it and returns
 * focus to its button, a press or focus outside the menu closes it, following a link closes it,
 * Left/Right/Home/End move between the top-level items and Up/Down between a dropdown's links.
 */
function DesktopMenu() {
  const [openGroup, setOpenGroup] = useState<number>();
  const groups = useNavGroups();
  const contact = useContactLink();
  const { t } = useLingui();
  const nav = useRef<HTMLElement>(null);
  const baseId = useId();

  useEffect(() => {
    if (openGroup === undefined) return;
    const closeOutside = (event: Event) => {
      if (!nav.current?.contains(event.target as Node)) setOpenGroup(undefined);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [openGroup]);

  const topLevel = () => [...(nav.current?.querySelectorAll<HTMLElement>('[data-menu-top]') ?? [])];

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Escape' && openGroup !== undefined) {
      nav.current?.querySelector<HTMLElement>(`[aria-controls="${baseId}-${openGroup}"]`)?.focus();
      setOpenGroup(undefined);
      return;
    }
    const dropdown = target.closest('[data-menu-content]');
    if (dropdown && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      nextOf([...dropdown.querySelectorAll<HTMLElement>('a')], target, event.key)?.focus();
    } else if (!dropdown && ['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      nextOf(topLevel(), target, event.key)?.focus();
    }
  };

  return (
    <nav ref={nav} aria-label={t`Main`} className="ml-auto hidden lg:block" onKeyDown={onKeyDown}>
      <ul className="flex items-center gap-1">
        {groups.map((group, index) => {
          const open = openGroup === index;
          const contentId = `${baseId}-${index}`;
          return (
            <li key={group.label} className="relative">
              <button
                type="button"
                data-menu-top=""
                aria-expanded={open}
                aria-controls={contentId}
                data-state={open ? 'open' : 'closed'}
                className={clsx(linkClass, 'group gap-1 data-[state=open]:text-accent-400')}
                onClick={() => setOpenGroup(open ? undefined : index)}
              >
                {group.label}
                <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" />
              </button>
              {open ? (
                <div
                  id={contentId}
                  data-menu-content=""
                  className="animate-fade-in absolute top-full left-0 z-40 mt-2 w-72 rounded-xl bg-white p-2 text-slate-800 shadow-xl ring-1 ring-slate-200"
                >
                  <ul>
                    {group.links.map((link) => (
                      <li key={link.to}>
                        <RouterNavLink
                          to={link.to}
                          onClick={() => setOpenGroup(undefined)}
                          className={({ isActive }) =>
                            clsx(
                              'flex min-h-11 items-center rounded-lg px-3 text-sm font-medium hover:bg-brand-50 hover:text-brand-800',
                              isActive && 'bg-brand-50 text-brand-800',
                            )
                          }
                        >
                          {link.label}
                        </RouterNavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </li>
          );
        })}
        <li>
          <RouterNavLink to={contact.to} data-menu-top="" className={linkClass}>
            {contact.label}
          </RouterNavLink>
        </li>
      </ul>
    </nav>
  );
}

/** The festival mark: a rising sun over a field, drawn inline so the header needs no request. */
export function LogoMark({ className = 'size-10' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className={className}>
      <rect width="40" height="40" rx="10" fill="#f59e0b" />
      <circle cx="20" cy="22" r="8" fill="#11133a" />
      <path d="M6 30h28v4H6z" fill="#11133a" />
      <path d="M20 7v5M9 12l3 3M31 12l-3 3" stroke="#11133a" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
