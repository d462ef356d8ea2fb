/**
 * The gate scanner at `/checkin`: a page of its own, outside the console's layout
 * (full screen on a phone) but like it client-only, noindex and code-split from the public site.
 * Needs an organizer session of the gate role or above (the console's sign-in, which returns
 * here); when the network is down at start it opens from the data stored on the device.
 */
import { CHECKIN_ROLES } from '@festival/shared';
import { useEffect } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { signInPath } from '~/lib/console/admin-client';
import { fetchMe } from '~/features/admin/api/auth';
import { ADMIN_ROBOTS } from '~/features/admin/meta';
import { mustEnrolTwoFactor } from '~/features/admin/nav';
import { DECODER_FILES } from '~/features/checkin/camera';
import { ScannerApp } from '~/features/checkin/components/scanner-app';
import { NetworkError } from '~/lib/api-client';
import type { Route } from './+types/checkin';

export const meta: Route.MetaFunction = () => [{ title: 'Gate scanner' }, ADMIN_ROBOTS];

const PATH = '/checkin';

export async function clientLoader() {
  try {
    const organizer = await fetchMe();
    if (!organizer) throw redirect(signInPath(PATH));
    if (mustEnrolTwoFactor(organizer)) throw redirect('/admin/two-factor');
    return { allowed: CHECKIN_ROLES.includes(organizer.role) };
  } catch (error) {
    // Offline at start: the device's stored list and queue still work; the next sync checks the session.
    if (error instanceof NetworkError) return { allowed: true };
    throw error;
  }
}

export function HydrateFallback() {
  return <p className="p-6 text-center">Opening the scanner…</p>;
}

/**
 * Unregisters the service worker the scanner used to register for /checkin alone (its decoder
 * worker could not start offline, public/checkin-sw.js says why): a registration for the
 * narrower scope would keep controlling the page.
 */
async function retireScannerOnlyWorker(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(
    registrations
      .filter((registration) => new URL(registration.scope).pathname === PATH)
      .map((registration) => registration.unregister()),
  );
}

/** Installs the scanner's service worker and points the page at the scanner's own manifest. */
function useInstallable() {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const siteManifest = link?.href;
    if (link) link.href = '/checkin.webmanifest';
    if ('serviceWorker' in navigator) {
      void retireScannerOnlyWorker()
        .then(() => navigator.serviceWorker.register('/checkin-sw.js', { scope: '/' }))
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          // Cache what this page loaded (hashed assets) and the QR decoder's worker and WebAssembly
          // for the next offline start.
          const urls = [
            ...DECODER_FILES,
            PATH,
            '/checkin.webmanifest',
            '/favicon.ico',
            '/favicon.svg',
            '/images/icon-192.png',
            '/images/icon-512.png',
            ...performance.getEntriesByType('resource').map((entry) => entry.name),
          ];
          registration.active?.postMessage({ type: 'cache', urls });
        })
        .catch(() => undefined);
    }
    return () => {
      if (link && siteManifest) link.href = siteManifest;
    };
  }, []);
}

export default function Checkin({ loaderData: { allowed } }: Route.ComponentProps) {
  const navigate = useNavigate();
  useInstallable();
  if (!allowed) {
    return (
      <main className="mx-auto max-w-md p-6 text-center">
        <h1 className="text-xl font-bold">Not for your role</h1>
        <p className="mt-2">The scanner is for gate staff, managers and owners.</p>
        <Link to="/admin" className={buttonClassName('secondary', 'mt-4')}>
          Organizer console
        </Link>
      </main>
    );
  }
  return (
    <main className="min-h-dvh bg-white">
      <ScannerApp onSessionEnded={() => void navigate(signInPath(PATH, 'expired'))} />
    </main>
  );
}
