/**
 * /register: four tabs, the registration forms, the attendees dialog, the Select Tickets dialog
 * and the hand-off to the payment provider.
 */
import {
  ParticipantCategory,
  type GstInvoiceRequest,
  type ParticipantCategoryId,
  type RegisteredAttendee,
} from '@festival/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, memo, Suspense, useCallback, useId, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingSkeleton } from '~/components/ui/load-state';
import { FieldErrorText } from '~/components/ui/field';
import { CATEGORY_NAMES, CATEGORY_PROMISES, REGISTER_AS } from '~/content/categories';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { ReservationCountdown } from '~/features/checkout/components/reservation-countdown';
import { useCheckout } from '~/features/checkout/hooks/use-checkout';
import { useStoredAttendees } from '~/features/event-pass/hooks/use-stored-attendees';
import { useCurrentEdition } from '~/lib/current-edition';
import { SalesNotice } from '~/features/registration-alerts/components/sales-notice';
import { VisitorRegister } from '~/features/registration/components/visitor-register';
import { useTickets } from '~/features/tickets/api/get-tickets';
import { ApiError } from '~/lib/api-client';
import { paramOfTab, tabFromParam } from '~/lib/register-tabs';
import { translateValidationMessage } from '~/lib/i18n/validation-messages';
import type { PageMetaHandle } from '~/lib/seo';
import { useEditionFacts } from '~/lib/current-edition';

export const handle: PageMetaHandle = {
  meta: ({ i18n }) => ({
    title: i18n._(msg`Register`),
    description: i18n._(msg`Register as a pitcher, startup, investor or visitor for Startup Fest Gujarat.`),
    path: '/register',
  }),
};

/** Tab order as the spec lists it; Pitcher is selected first. */
const TABS = [
  ParticipantCategory.Visitor,
  ParticipantCategory.Investor,
  ParticipantCategory.StartUp,
  ParticipantCategory.Pitcher,
] as const;

// The attendees and Select Tickets dialogs (with Radix Dialog, the GST fields and the price
// breakdown) are needed only after a registration: they load when the visitor first focuses a
// field of the page, and mount once there is an attendee.
const loadEventPassDialog = () => import('~/features/event-pass/components/event-pass-dialog');
const loadSelectTicketsDialog = () => import('~/features/tickets/components/select-tickets-dialog');
const EventPassDialog = lazy(() =>
  loadEventPassDialog().then((module) => ({ default: module.EventPassDialog })),
);
const SelectTicketsDialog = lazy(() =>
  loadSelectTicketsDialog().then((module) => ({ default: module.SelectTicketsDialog })),
);
// The forms (with react-hook-form, about 12 KB gzipped) are prerendered with the page, but their
// code loads after the page's: the visible form hydrates once it has arrived, a task of its own
// after the rest of the page. Values typed meanwhile are kept (react-hook-form keeps
// a field edited before the form was ready).
const loadForms = () => import('./registration-forms');
const StartupRegistration = lazy(() =>
  loadForms().then((module) => ({ default: module.StartupRegistration })),
);
const InvestorRegistration = lazy(() =>
  loadForms().then((module) => ({ default: module.InvestorRegistration })),
);
const ColleagueRegistration = lazy(() =>
  loadForms().then((module) => ({ default: module.ColleagueRegistration })),
);
const VisitorRegistration = lazy(() =>
  loadForms().then((module) => ({ default: module.VisitorRegistration })),
);

/**
 * The selected tab's form. Memoised, with props that do not change after the first render: until
 * the forms' code has arrived, the form is server markup React has not hydrated yet, and any
 * update reaching it then (the route re-renders once hydrated and when its queries answer) would
 * make React replace that markup with the fallback, shifting the page (CLS).
 */
const PanelForm = memo(function PanelForm({
  id,
  onRegistered,
  labelledBy,
}: {
  id: ParticipantCategoryId;
  onRegistered: (attendee: RegisteredAttendee, message: string) => void;
  labelledBy: string;
}) {
  const { t } = useLingui();
  return (
    // Shown only after a navigation within the site, until the forms' code has loaded.
    <Suspense fallback={<LoadingSkeleton label={t`Loading the form`} />}>
      {id === ParticipantCategory.Investor ? (
        <InvestorRegistration
          participantCategoryId={id}
          onRegistered={onRegistered}
          labelledBy={labelledBy}
        />
      ) : id === ParticipantCategory.Visitor ? (
        <VisitorRegistration participantCategoryId={id} onRegistered={onRegistered} labelledBy={labelledBy} />
      ) : (
        <StartupRegistration participantCategoryId={id} onRegistered={onRegistered} labelledBy={labelledBy} />
      )}
    </Suspense>
  );
});

const preloadDialogs = () => {
  void loadEventPassDialog();
  void loadSelectTicketsDialog();
};

const subscribeToNothing = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** Where the registration flow is: filling a form, looking at the passes, or choosing tickets. */
type Step = 'form' | 'passes' | 'tickets';

/** The current edition's days and venue above the heading (lib/current-edition.ts). */
function EditionLine() {
  const edition = useEditionFacts();
  const { t } = useLingui();
  return edition ? `${edition.days} · ${edition.venue}` : t`Registration`;
}

export default function Register() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [step, setStep] = useState<Step>('form');
  // Kept in sessionStorage until paid or discarded; a reload reopens the attendees dialog.
  const [attendees, setAttendees] = useStoredAttendees(() => setStep('passes'));
  const [addingAttendee, setAddingAttendee] = useState(false);
  const [checkoutError, setCheckoutError] = useState<string>();
  // The server's word on the latest registration ('Registration successful'), said in the dialog.
  const [registeredNotice, setRegisteredNotice] = useState<string>();
  const headingId = useId();
  const { i18n, t } = useLingui();

  // Deep links: `?tab=pitcher|startup|investor|visitor` opens that tab, and
  // choosing a tab writes it there, so a reload or a shared link opens it again. The address is
  // read once hydrated: the prerendered page shows the default tab and the first render must match.
  const hydrated = useSyncExternalStore(subscribeToNothing, isClient, isServer);
  const tab = (hydrated ? tabFromParam(searchParams.get('tab')) : undefined) ?? ParticipantCategory.Pitcher;
  const chooseTab = (value: string) => {
    setSearchParams(
      (params) => {
        params.set('tab', paramOfTab(Number(value) as ParticipantCategoryId));
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  // The order buys the ticket types of the tab it started on (the server sells an order only
  // tickets of its first attendee's category), whichever tab is showing meanwhile.
  const orderCategory = attendees[0]?.participantCategoryId ?? tab;
  const tickets = useTickets(orderCategory);
  const event = useCurrentEdition();
  const checkout = useCheckout();
  // While sales are not open the page says so instead of offering forms that cannot
  // sell; a registration already under way (stored attendees) keeps its dialogs.
  const salesClosed = event !== undefined && event.sales.state !== 'open' && attendees.length === 0;
  const visitorPasses = event?.visitorRegistration === 'pass';

  const onRegistered = useCallback(
    (attendee: RegisteredAttendee, message: string) => {
      const said = translateValidationMessage(i18n, message);
      const name = attendee.name;
      setRegisteredNotice(i18n._(msg`${said}: ${name} is on the list.`));
      setAttendees((current) => [...current, attendee]);
      setAddingAttendee(false);
      setStep('passes');
    },
    [setAttendees, i18n],
  );
  // Stable, as onRegistered: a change reaching the prerendered form before its code has loaded
  // would make React replace the form by its fallback (PanelForm).
  const errorText = useCallback((message: string) => translateValidationMessage(i18n, message), [i18n]);

  // A colleague joins the first attendee's category (a pitcher's co-founder is a pitcher too), so
  // the tab no longer switches to Start-Up as the spec had it, and one order covers all.
  const onAddingAttendeeChange = (adding: boolean) => setAddingAttendee(adding);
  const company = attendees[0];
  // An investor's colleague, like a startup's, gives only name, email and phone.
  const addAttendeeForm =
    company === undefined ? null : company.participantCategoryId === ParticipantCategory.Visitor ? (
      <VisitorRegistration
        participantCategoryId={ParticipantCategory.Visitor}
        onRegistered={onRegistered}
        onCancel={() => setAddingAttendee(false)}
      />
    ) : (
      <ColleagueRegistration
        company={company}
        onRegistered={onRegistered}
        onCancel={() => setAddingAttendee(false)}
      />
    );

  const closePasses = () => {
    // The spec: closing the attendees dialog clears the registered list (once confirmed).
    setAttendees([]);
    setRegisteredNotice(undefined);
    checkout.forgetReservation();
    setAddingAttendee(false);
    setStep('form');
  };

  const proceed = () => {
    setCheckoutError(undefined);
    setStep('tickets');
    void tickets.refetch();
  };

  const startCheckout = (ticketTypeId: number, gstInvoice?: GstInvoiceRequest, voucherCode?: string) => {
    setCheckoutError(undefined);
    checkout.mutate(
      {
        startupIds: attendees.map((attendee) => attendee._id),
        selectedTicket: ticketTypeId,
        ...(gstInvoice ? { gstInvoice } : {}),
        ...(voucherCode ? { voucherCode } : {}),
      },
      {
        onError: (error) => {
          // A voucher refused at checkout (used up meanwhile): said beside the code, in the dialog.
          const voucherProblem = error instanceof ApiError ? error.fieldErrors.voucherCode : undefined;
          if (voucherProblem) {
            setCheckoutError(translateValidationMessage(i18n, voucherProblem));
          } else if (error instanceof ApiError) {
            setCheckoutError(error.message);
            // Sold out or sales ended meanwhile: show the list as it is now.
            if (error.status === 409) void tickets.refetch();
          } else {
            // Unreachable server, or Razorpay's script failed to load: say so beside the button.
            setCheckoutError(error.message);
          }
        },
      },
    );
  };

  return (
    <FieldErrorText value={errorText}>
      <div className="register-backdrop flex-1" onFocus={preloadDialogs}>
        <div className="mx-auto w-full max-w-4xl px-3 py-8 sm:px-6 sm:py-12">
          <div className="px-1 text-white">
            <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
              <EditionLine />
            </p>
            <h1 id={headingId} className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
              <Trans>Register for Startup Fest Gujarat</Trans>
            </h1>
            <p className="mt-2 text-white/80">
              <Trans>Choose how you are taking part.</Trans>
            </p>
          </div>

          {salesClosed ? (
            <div className="mt-6">
              <SalesNotice sales={event.sales} eventName={event.name} />
            </div>
          ) : null}
          {/* Kept mounted while hidden: the prerendered forms stay hydrated for when sales open. */}
          <Tabs value={String(tab)} onValueChange={chooseTab} className={salesClosed ? 'hidden' : 'mt-6'}>
            <TabsList aria-label={t`Participant category`}>
              {TABS.map((id) => (
                <TabsTrigger key={id} value={String(id)}>
                  {i18n._(CATEGORY_NAMES[id])}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map((id) => (
              <TabsContent key={id} value={String(id)} className="rounded-2xl bg-white p-4 shadow-xl sm:p-8">
                <h2 id={`${headingId}-${id}`} className="text-xl font-bold text-brand-900">
                  {i18n._(REGISTER_AS[id])}
                </h2>
                <p className="mt-1 mb-6 text-sm text-slate-600">{i18n._(CATEGORY_PROMISES[id])}</p>
                {id === ParticipantCategory.Visitor && !visitorPasses ? (
                  <VisitorRegister />
                ) : (
                  <PanelForm id={id} onRegistered={onRegistered} labelledBy={`${headingId}-${id}`} />
                )}
              </TabsContent>
            ))}
          </Tabs>
        </div>

        {attendees.length > 0 ? (
          <Suspense fallback={null}>
            <EventPassDialog
              open={step === 'passes' && attendees.length > 0}
              onOpenChange={(open) => !open && closePasses()}
              attendees={attendees}
              addingAttendee={addingAttendee}
              onAddingAttendeeChange={onAddingAttendeeChange}
              addAttendeeForm={addAttendeeForm}
              notice={registeredNotice}
              onProceed={proceed}
            />
            <SelectTicketsDialog
              open={step === 'tickets'}
              onOpenChange={(open) => !open && setStep('passes')}
              tickets={tickets.data}
              loadFailed={tickets.isError}
              quantity={attendees.length}
              onCheckout={startCheckout}
              checkoutPending={checkout.isPending || checkout.redirecting}
              checkoutError={checkoutError}
              reservation={
                checkout.reservation ? (
                  <ReservationCountdown
                    deadline={checkout.reservation.deadline}
                    extended={checkout.reservation.extended}
                    onExtend={checkout.extend}
                    extending={checkout.extending}
                    extendError={checkout.extendError}
                  />
                ) : null
              }
            />
          </Suspense>
        ) : null}
      </div>
    </FieldErrorText>
  );
}
