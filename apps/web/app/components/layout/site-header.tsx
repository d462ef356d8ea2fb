/**
 * The site header (spec §2 Header): logo and date link home, the venue opening a maps link in
 * a new tab, Register Now, and the menu. From the lg breakpoint (992 px, §9) the menu is a Radix
 * NavigationMenu with three dropdowns; below it a toggle opens the side panel.
 */
import { clsx } from 'clsx';
import { NavigationMenu } from 'radix-ui';
import type { PointerEvent } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { FESTIVAL } from '~/content/event';
import { buttonClassName } from '../ui/button';
import { CONTACT_LINK, NAV_GROUPS } from './nav-links';
import { SidePanel } from './side-panel';
import { ChevronDownIcon } from '../ui/icons';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-brand-950 text-white">
      <div className="mx-auto flex w-full max-w-7xl items-center gap-3 px-4 py-2.5">
        <Link to="/" className="flex min-h-11 shrink-0 items-center gap-2">
          <LogoMark />
          {/* The name stays readable to screen readers when a narrow screen hides it. */}
          <span className="sr-only text-base leading-tight font-extrabold tracking-tight min-[400px]:not-sr-only">
            Startup Fest <span className="block text-xs font-semibold text-accent-400">Gujarat 2024</span>
          </span>
        </Link>
        {/* Each link at least 24 px tall (WCAG 2.5.8 target size). */}
        <div className="hidden flex-col items-start text-xs leading-snug md:flex">
          <Link to="/" className="inline-flex min-h-6 items-center font-semibold hover:text-accent-400">
            {FESTIVAL.dateRange}
          </Link>
          <a
            href={FESTIVAL.venueMapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-6 items-center text-white/80 hover:text-accent-400"
          >
            {FESTIVAL.venue}
            <span className="sr-only"> (map, opens in a new tab)</span>
          </a>
        </div>
        <DesktopMenu />
        <Link
          to="/register"
          className={buttonClassName(
            'primary',
            'ml-auto min-h-10 shrink-0 px-3 py-2 whitespace-nowrap sm:px-5 lg:ml-0',
          )}
        >
          Register Now
        </Link>
        <SidePanel />
      </div>
    </header>
  );
}

const linkClass =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold hover:bg-white/10 hover:text-accent-400';

/**
 * The dropdowns open and close by click (and keyboard) only. Radix opens a menu when the pointer
 * enters its trigger while another is open, so the click that followed closed it again and
 * switching menus took two clicks (issue 9 §4); cancelling its pointer handlers leaves the click
 * to open the new menu at once (Radix skips a handler whose event was default-prevented).
 */
const CLICK_ONLY = {
  onPointerMove: (event: PointerEvent<HTMLElement>) => event.preventDefault(),
  onPointerLeave: (event: PointerEvent<HTMLElement>) => event.preventDefault(),
};

function DesktopMenu() {
  return (
    <NavigationMenu.Root aria-label="Main" className="ml-auto hidden lg:block">
      <NavigationMenu.List className="flex items-center gap-1">
        {NAV_GROUPS.map((group) => (
          <NavigationMenu.Item key={group.label} className="relative">
            <NavigationMenu.Trigger
              className={clsx(linkClass, 'group gap-1 data-[state=open]:text-accent-400')}
              {...CLICK_ONLY}
            >
              {group.label}
              <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" />
            </NavigationMenu.Trigger>
            <NavigationMenu.Content
              {...CLICK_ONLY}
              className="animate-fade-in absolute top-full left-0 z-40 mt-2 w-72 rounded-xl bg-white p-2 text-slate-800 shadow-xl ring-1 ring-slate-200">
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <NavigationMenu.Link asChild>
                      <RouterNavLink
                        to={link.to}
                        className={({ isActive }) =>
                          clsx(
                            'flex min-h-11 items-center rounded-lg px-3 text-sm font-medium hover:bg-brand-50 hover:text-brand-800',
                            isActive && 'bg-brand-50 text-brand-800',
                          )
                        }
                      >
                        {link.label}
                      </RouterNavLink>
                    </NavigationMenu.Link>
                  </li>
                ))}
              </ul>
            </NavigationMenu.Content>
          </NavigationMenu.Item>
        ))}
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <RouterNavLink to={CONTACT_LINK.to} className={linkClass}>
              {CONTACT_LINK.label}
            </RouterNavLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
    </NavigationMenu.Root>
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
