/**
 * /manage, "Manage my registration" (issue 9 §1, §3). Without a session: the email form that
 * sends a sign-in link. The link opens `/manage#token=…`; the token (in the fragment, so it
 * never reaches a server log or a Referer) is spent once, in the clientLoader, for a session
 * kept in this tab's sessionStorage, and removed from the address. With a session: the registrant's orders,
 * attendees and passes, and their data. The route joins the manage feature to checkout
 * (paying hands off to the provider as /register does) and to the ticket lists.
 */
import type { CheckoutRequest, ManageSession } from '@festival/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { FestivalDatesPanel } from '~/components/festival-dates';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { Spinner } from '~/components/ui/spinner';
import { useCheckout } from '~/features/checkout/hooks/use-checkout';
import { localDeadline } from '~/features/checkout/lib/deadline';
import {
  closeManageSession,
  createSessionCheckout,
  manageOverviewQueryOptions,
  openManageSession,
} from '~/features/manage/api/manage';
import { ManageDashboard } from '~/features/manage/components/manage-dashboard';
import { ManageSignIn } from '~/features/manage/components/manage-sign-in';
import { clearSession, readSession, saveSession } from '~/features/manage/lib/session';
import { ticketsQueryOptions } from '~/features/tickets/api/get-tickets';
import { ApiError } from '~/lib/api-client';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/manage';

// Indexable, as the payment pages are: without a session it is only the sign-in form.
export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Manage my registration',
    description:
      'Pay for your Startup Fest Gujarat registration, download your passes, add the festival to your calendar or correct a name: we email you a sign-in link.',
    path: '/manage',
  });

type View =
  { kind: 'signed-out'; notice?: string | undefined } | { kind: 'signed-in'; session: ManageSession };

/** One request per token, should the loader run twice for one address. */
const opening = new Map<string, ReturnType<typeof openManageSession>>();

/**
 * Runs in the browser before the page renders: spends the link's token if the address has
 * one (then drops it from the address, keeping React Router's history state), or picks up
 * this tab's stored session.
 */
export async function clientLoader(): Promise<View> {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (!token) {
    const stored = readSession();
    return stored ? { kind: 'signed-in', session: stored } : { kind: 'signed-out' };
  }
  window.history.replaceState(window.history.state, '', window.location.pathname);
  let promise = opening.get(token);
  if (!promise) {
    promise = openManageSession(token);
    opening.set(token, promise);
  }
  try {
    const { session, serverTime } = await promise;
    saveSession(session, serverTime);
    return { kind: 'signed-in', session };
  } catch (error) {
    return {
      kind: 'signed-out',
      notice:
        error instanceof Error ? error.message : 'This sign-in link did not work. Please ask for a new one.',
    };
  }
}

export function HydrateFallback() {
  return (
    <ManageFrame email={undefined}>
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <Spinner /> Loading…
      </p>
    </ManageFrame>
  );
}

export default function Manage({ loaderData }: Route.ComponentProps) {
  const [view, setView] = useState<View>(loaderData);

  const signOut = useCallback((notice?: string) => {
    clearSession();
    setView({ kind: 'signed-out', notice });
  }, []);

  return (
    <ManageFrame
      email={view.kind === 'signed-in' ? view.session.email : undefined}
      onSignOut={
        view.kind === 'signed-in'
          ? () => {
              void closeManageSession(view.session).catch(() => undefined);
              signOut();
            }
          : undefined
      }
    >
      {view.kind === 'signed-out' ? (
        <ManageSignIn notice={view.notice} />
      ) : (
        <SignedIn session={view.session} onSessionEnded={signOut} />
      )}
    </ManageFrame>
  );
}

function ManageFrame({
  email,
  onSignOut,
  children,
}: {
  email: string | undefined;
  onSignOut?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto min-h-dvh w-full max-w-4xl px-4 py-10 sm:py-14">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-widest text-accent-700 uppercase">Registrants</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">
            Manage my registration
          </h1>
          {email ? (
            <p className="mt-2 text-slate-700">
              Signed in as <span className="font-semibold break-all">{email}</span>
            </p>
          ) : null}
        </div>
        {onSignOut ? (
          <Button variant="outline" onClick={onSignOut}>
            Sign out
          </Button>
        ) : null}
      </header>
      {children}
    </div>
  );
}

function SignedIn({
  session,
  onSessionEnded,
}: {
  session: ManageSession;
  onSessionEnded: (notice: string) => void;
}) {
  const overview = useQuery(manageOverviewQueryOptions(session));
  const checkout = useCheckout(async (request: CheckoutRequest) => {
    const { data, serverTime } = await createSessionCheckout(session, request);
    return { answer: data, deadline: localDeadline(data.order.expiresAt, serverTime) };
  });
  const categories = [
    ...new Set(
      (overview.data?.attendees ?? []).filter((a) => a.passCode === null).map((a) => a.participantCategoryId),
    ),
  ];
  const ticketLists = useQueries({ queries: categories.map((id) => ticketsQueryOptions(id)) });

  const sessionEnded = overview.error instanceof ApiError && overview.error.status === 401;
  useEffect(() => {
    if (sessionEnded) onSessionEnded(overview.error?.message ?? '');
  }, [sessionEnded, onSessionEnded, overview.error]);

  if (overview.isPending || sessionEnded) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <Spinner /> Loading your registrations…
      </p>
    );
  }
  if (overview.isError) {
    return (
      <FormAlert>
        We could not load your registrations just now. Please reload this page in a moment.
      </FormAlert>
    );
  }
  return (
    <ManageDashboard
      session={session}
      overview={overview.data}
      onPay={(request) => checkout.mutate(request)}
      payPending={checkout.isPending || checkout.redirecting}
      payError={checkout.error?.message}
      ticketsFor={(id) => ticketLists[categories.indexOf(id)]?.data}
      festival={<FestivalDatesPanel event={overview.data.event} />}
    />
  );
}
