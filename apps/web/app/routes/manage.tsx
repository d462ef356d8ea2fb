/**
 * /manage, "Manage my registration". Without a session: the email form that
 * sends a sign-in link. The link opens `/manage#token=…`; the token (in the fragment, so it
 * never reaches a server log or a Referer) is spent once, when the page mounts, for a session
 * kept in this tab's sessionStorage, and removed from the address. With a session: the registrant's orders,
 * attendees and passes, and their data. The route joins the manage feature to checkout
 * (paying hands off to the provider as /register does) and to the ticket lists.
 */
import type { CheckoutRequest, ManageSession } from '@festival/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { FestivalDatesPanel } from '~/components/festival-dates';
import { PrepaintChoice } from '~/components/prepaint-choice';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { Spinner } from '~/components/ui/spinner';
import { useCheckout } from '~/features/checkout/hooks/use-checkout';
import { usePayAgain } from '~/features/checkout/hooks/use-pay-again';
import { localDeadline } from '~/features/checkout/lib/deadline';
import {
  closeManageSession,
  createSessionCheckout,
  manageOverviewQueryOptions,
  openManageSession,
  payAgainForSession,
} from '~/features/manage/api/manage';
import { ManageDashboard } from '~/features/manage/components/manage-dashboard';
import { ManageSignIn } from '~/features/manage/components/manage-sign-in';
import { clearSession, readSession, saveSession, SESSION_KEY } from '~/features/manage/lib/session';
import { ticketsQueryOptions } from '~/features/tickets/api/get-tickets';
import { gstLabel } from '~/lib/ticket-price-notes';
import { ApiError } from '~/lib/api-client';
import type { PageMetaHandle } from '~/lib/seo';

// Indexable, as the payment pages are: without a session it is only the sign-in form.
export const handle: PageMetaHandle = {
  meta: ({ i18n }) => ({
    title: i18n._(msg`Manage my registration`),
    description: i18n._(
      msg`Pay for your Startup Fest Gujarat registration, download your passes, add the festival to your calendar or correct a name: we email you a sign-in link.`,
    ),
    path: '/manage',
  }),
};

type View =
  /** Prerendered and hydrated, before the page has looked at the address and this tab's storage. */
  | { kind: 'unknown' }
  /** `notice`: the server's message (English), or one of the page's own. */
  | { kind: 'signed-out'; notice?: string | MessageDescriptor | undefined }
  | { kind: 'signed-in'; session: ManageSession };

/**
 * For PrepaintChoice: a sign-in link's token in the address, or a session in this tab; as the
 * prerendered page's inline script tests it, and as a render in the browser does.
 */
const MAY_HAVE_SESSION = `/(^#|&)token=/.test(location.hash)||sessionStorage.getItem(${JSON.stringify(SESSION_KEY)})`;
const mayHaveSession = () => /(^#|&)token=/.test(window.location.hash) || readSession() !== undefined;
const unchanging = () => () => undefined;

/** One request per token, should the page mount twice for one address (React's StrictMode). */
const opening = new Map<string, Promise<View>>();

/**
 * Spends a sign-in link's token for a session kept in this tab, then drops it from the address
 * (keeping React Router's history state). An unusable link answers the sign-in form with why.
 */
function openSession(token: string): Promise<View> {
  let view = opening.get(token);
  if (!view) {
    view = openManageSession(token).then(
      ({ session, serverTime }): View => {
        saveSession(session, serverTime);
        return { kind: 'signed-in', session };
      },
      (error: unknown): View => ({
        kind: 'signed-out',
        notice:
          error instanceof Error
            ? error.message
            : msg`This sign-in link did not work. Please ask for a new one.`,
      }),
    );
    view = view.finally(() =>
      window.history.replaceState(window.history.state, '', window.location.pathname),
    );
    opening.set(token, view);
  }
  return view;
}

/** What the page shows once it has looked at the address and this tab's storage. */
async function initialView(): Promise<View> {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) return openSession(token);
  const stored = readSession();
  return stored ? { kind: 'signed-in', session: stored } : { kind: 'signed-out' };
}

/**
 * The page is prerendered with the sign-in form, which is what most visitors need: it paints
 * with the HTML, and what is typed into it before the scripts run is kept. An address with a
 * sign-in link's token, or a tab with a session, shows "Loading…" instead from the first paint
 * (PrepaintChoice) until the page has opened the session, which needs no state of its own.
 */
export default function Manage() {
  const [view, setView] = useState<View>({ kind: 'unknown' });
  const mayHave = useSyncExternalStore(unchanging, mayHaveSession, () => undefined);

  useEffect(() => {
    let mounted = true;
    void initialView().then((opened) => {
      if (mounted) setView(opened);
    });
    return () => {
      mounted = false;
    };
  }, []);

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
      <PrepaintChoice
        test={MAY_HAVE_SESSION}
        known={mayHave}
        when={<Loading />}
        settled={view.kind !== 'unknown'}
      >
        {view.kind === 'signed-in' ? (
          <SignedIn session={view.session} onSessionEnded={signOut} />
        ) : (
          <ManageSignIn notice={view.kind === 'signed-out' ? view.notice : undefined} />
        )}
      </PrepaintChoice>
    </ManageFrame>
  );
}

function Loading() {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-700">
      <Spinner /> <Trans>Loading…</Trans>
    </p>
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
          <p className="text-sm font-semibold tracking-widest text-accent-700 uppercase">
            <Trans>Registrants</Trans>
          </p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">
            <Trans>Manage my registration</Trans>
          </h1>
          {email ? (
            <p className="mt-2 text-slate-700">
              <Trans>
                Signed in as <span className="font-semibold break-all">{email}</span>
              </Trans>
            </p>
          ) : null}
        </div>
        {onSignOut ? (
          <Button variant="outline" onClick={onSignOut}>
            <Trans>Sign out</Trans>
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
  const { i18n } = useLingui();
  const overview = useQuery(manageOverviewQueryOptions(session));
  const checkout = useCheckout(async (request: CheckoutRequest) => {
    const { data, serverTime } = await createSessionCheckout(session, request);
    return { answer: data, deadline: localDeadline(data.order.expiresAt, serverTime) };
  });
  const payAgain = usePayAgain(async (reference: string) => {
    const { data, serverTime } = await payAgainForSession(session, reference);
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
        <Spinner /> <Trans>Loading your registrations…</Trans>
      </p>
    );
  }
  if (overview.isError) {
    return (
      <FormAlert>
        <Trans>We could not load your registrations just now. Please reload this page in a moment.</Trans>
      </FormAlert>
    );
  }
  return (
    <ManageDashboard
      session={session}
      overview={overview.data}
      onPay={(request) => {
        payAgain.reset();
        checkout.mutate(request);
      }}
      onPayAgain={(reference) => {
        checkout.reset();
        payAgain.mutate(reference);
      }}
      payPending={checkout.isPending || checkout.redirecting || payAgain.isPending || payAgain.redirecting}
      payError={checkout.error?.message ?? payAgain.error?.message}
      ticketsFor={(id) => ticketLists[categories.indexOf(id)]?.data}
      gstLabel={(gst) => gstLabel(gst, i18n)}
      festival={<FestivalDatesPanel event={overview.data.event} />}
    />
  );
}
