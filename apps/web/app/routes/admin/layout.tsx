/**
 * The organizer console's layout: every `/admin` page renders inside it. It runs
 * only in the browser (a clientLoader; the prerendered HTML is the loading fallback and holds
 * nothing private) and, on every navigation, asks `GET /api/admin/me` who is signed in:
 *
 * - nobody → the sign-in page (with the page to return to), unless already there;
 * - an organizer whose password someone else set → their account page, to choose their own;
 * - an owner, manager or finance organizer without TOTP → the two-factor enrolment page;
 * - signed in on the sign-in page → their start page;
 * - a page of a nav entry the role may not open → the forbidden screen.
 */
import { Link, Outlet, redirect, useLocation } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { fetchMe } from '~/features/admin/api/auth';
import { signInPath } from '~/lib/console/admin-client';
import { ConsoleShell } from '~/features/admin/components/console-shell';
import { Forbidden } from '~/features/admin/components/forbidden';
import { OrganizerContext } from '~/lib/console/use-organizer';
import { ADMIN_ROBOTS } from '~/features/admin/meta';
import {
  afterSignIn,
  homeFor,
  mayOpen,
  mustEnrolTwoFactor,
  navFor,
  SIGNED_OUT_PATHS,
} from '~/features/admin/nav';
import { LoadingState } from '~/components/console/query-state';
import type { Route } from './+types/layout';

export const meta: Route.MetaFunction = () => [{ title: 'Organizer console' }, ADMIN_ROBOTS];

const ENROL_PATH = '/admin/two-factor';
const ACCOUNT_PATH = '/admin/account';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const organizer = await fetchMe();
  const onSignedOutPage = (SIGNED_OUT_PATHS as readonly string[]).includes(path);
  if (!organizer) {
    if (onSignedOutPage) return { organizer: null };
    throw redirect(signInPath(path + url.search));
  }
  if (organizer.mustChangePassword) {
    if (path !== ACCOUNT_PATH) throw redirect(ACCOUNT_PATH);
    return { organizer };
  }
  if (mustEnrolTwoFactor(organizer) && path !== ENROL_PATH) throw redirect(ENROL_PATH);
  if (onSignedOutPage) throw redirect(afterSignIn(url.searchParams.get('next'), homeFor(organizer.role)));
  // Roles without a dashboard (gate) start on their first page instead.
  if (path === '/admin' && !navFor(organizer.role).some((entry) => entry.path === '/admin')) {
    throw redirect(homeFor(organizer.role));
  }
  return { organizer };
}

// The session can end at any time (expiry, sign-out elsewhere, role change): check on every navigation.
export const shouldRevalidate = () => true;

export function HydrateFallback() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <LoadingState label="Opening the organizer console…" />
    </div>
  );
}

export default function AdminLayout({ loaderData: { organizer } }: Route.ComponentProps) {
  const { pathname } = useLocation();
  if (!organizer) {
    return (
      <main id="admin-main" className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-12">
        <Outlet />
      </main>
    );
  }
  return (
    <OrganizerContext value={organizer}>
      <ConsoleShell>{mayOpen(pathname, organizer.role) ? <Outlet /> : <Forbidden />}</ConsoleShell>
    </OrganizerContext>
  );
}

export function ErrorBoundary() {
  return (
    <main id="admin-main" className="mx-auto w-full max-w-xl px-4 py-16 text-center">
      <title>Console unavailable | Organizer console</title>
      <h1 className="text-2xl font-bold text-brand-900">The console could not load</h1>
      <p className="mt-3 text-slate-700">The server could not be reached or answered with an error.</p>
      <Link to="/admin" reloadDocument className={buttonClassName('secondary', 'mt-6')}>
        Try again
      </Link>
    </main>
  );
}
