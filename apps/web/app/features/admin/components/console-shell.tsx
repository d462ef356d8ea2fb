/**
 * The signed-in console's frame: a skip link, the top bar (who is signed in, account, sign
 * out), the navigation of the organizer's role (a sidebar from the md breakpoint, a menu
 * button below it), and the main region.
 */
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { CloseIcon } from '~/components/ui/icons';
import { ADMIN_QUERY_ROOT, errorMessage } from '~/lib/console/admin-client';
import { signOut } from '../api/auth';
import { useOrganizer } from '~/lib/console/use-organizer';
import { mustEnrolTwoFactor, navFor } from '../nav';

export function ConsoleShell({ children }: { children: ReactNode }) {
  const { organizer, role } = useOrganizer();
  // The phone menu is open on the page it was opened on: following one of its links closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const navId = useId();

  const menuOpen = menuOpenOn === location.pathname;

  async function onSignOut() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await queryClient.cancelQueries({ queryKey: [ADMIN_QUERY_ROOT] });
      await signOut();
      // Leave the page first: a query still mounted would refetch, get 401 and report an expired session.
      await navigate('/admin/sign-in');
      queryClient.removeQueries({ queryKey: [ADMIN_QUERY_ROOT] });
    } catch (error) {
      setSignOutError(errorMessage(error));
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex items-center gap-3 bg-brand-900 px-4 py-2.5 text-white">
        <Button
          variant="outline"
          className="min-h-10 px-3 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
        >
          {menuOpen ? <CloseIcon /> : null}
          Menu
        </Button>
        <Link to="/admin" className="font-bold whitespace-nowrap">
          Organizer console
        </Link>
        <div className="ml-auto hidden items-center gap-2 text-sm md:flex">
          <AccountLinks name={organizer.name} role={role} signingOut={signingOut} onSignOut={onSignOut} />
        </div>
      </header>
      {signOutError ? (
        <p role="alert" className="bg-red-50 px-4 py-2 text-sm text-red-800">
          {signOutError}
        </p>
      ) : null}
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          id={navId}
          aria-label="Console"
          className={clsx(
            'border-b border-slate-200 bg-white md:block md:w-56 md:shrink-0 md:border-r md:border-b-0',
            menuOpen ? 'block' : 'hidden',
          )}
        >
          <ul className="flex flex-col gap-0.5 p-2">
            {(mustEnrolTwoFactor(organizer) ? [] : navFor(role)).map((entry) => (
              <li key={entry.path}>
                <NavLink
                  to={entry.path}
                  end={entry.path === '/admin'}
                  className={({ isActive }) =>
                    clsx(
                      'block rounded-lg px-3 py-2.5 text-sm font-medium',
                      isActive ? 'bg-brand-100 text-brand-900' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {/* On phones the account links live in the menu: the top bar has room for the button and the name only. */}
          <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 p-3 text-sm md:hidden">
            <AccountLinks name={organizer.name} role={role} signingOut={signingOut} onSignOut={onSignOut} />
          </div>
        </nav>
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

function AccountLinks({
  name,
  role,
  signingOut,
  onSignOut,
}: {
  name: string;
  role: string;
  signingOut: boolean;
  onSignOut: () => Promise<void>;
}) {
  return (
    <>
      <span>
        {name} <span className="opacity-75">({role})</span>
      </span>
      <Link to="/admin/account" className="rounded px-2 py-2 underline underline-offset-2">
        Account
      </Link>
      <Button
        variant="outline"
        className="min-h-10 px-3"
        pending={signingOut}
        pendingLabel="Signing out…"
        onClick={() => void onSignOut()}
      >
        Sign out
      </Button>
    </>
  );
}
