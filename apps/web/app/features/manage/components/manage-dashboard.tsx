/**
 * What a signed-in registrant sees: their orders (pay an unpaid one again,
 * download the passes as a PDF, email them again), the attendees with their passes (correct
 * the spelling of a name, see and change the answers to the registration questions), and their data (download it, ask for its deletion). Paying and the
 * ticket lists come from the route, which joins this feature to the checkout and tickets ones.
 */
import {
  EVENT_TIME_ZONE,
  formatRupees,
  formatTicketUnits,
  TAX_RECORD_RETENTION,
  type CheckoutRequest,
  type ManageAttendee,
  type ManageOrder,
  type ManageOverview,
  type ManageSession,
  type ParticipantCategoryId,
  type TicketType,
} from '@festival/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ShownText, useShownText } from '~/components/shown-text';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert, Input, Select } from '~/components/ui/field';
import { CATEGORY_NAMES } from '~/content/categories';
import { ApiError } from '~/lib/api-client';
import { INTL_LOCALE } from '~/lib/i18n/locales';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { AttendeeAnswers } from './attendee-answers';
import { TransferPass } from './transfer-pass';
import { saveFile } from '~/lib/festival-calendar';
import {
  exportMyData,
  fetchPassesPdf,
  manageOverviewQueryOptions,
  renameAttendee,
  requestDeletion,
  resendPassEmail,
} from '../api/manage';

export interface ManageDashboardProps {
  session: ManageSession;
  overview: ManageOverview;
  /** Starts a checkout of these attendees (the route hands off to the payment provider). */
  onPay: (request: CheckoutRequest) => void;
  /** Pays again for an unpaid order this person bought, by its reference (the server decides the rest). */
  onPayAgain: (reference: string) => void;
  payPending: boolean;
  payError: string | undefined;
  /** Ticket types on sale for a participant category; undefined while loading. */
  ticketsFor: (participantCategoryId: number) => TicketType[] | undefined;
  /** A ticket's GST note in the page's language ("incl. 18 % GST"; the tickets feature words it). */
  gstLabel: (gst: TicketType['gst']) => string;
  /** The festival's dates, time, venue and calendar links (the route renders them). */
  festival: ReactNode;
}

const UNPAID = new Set(['pending', 'failed', 'expired', 'cancelled']);
const STATUS_LABEL: Record<ManageOrder['status'], MessageDescriptor> = {
  pending: msg`Waiting for payment`,
  paid: msg`Paid`,
  failed: msg`Payment failed`,
  expired: msg`Reservation ended, not paid`,
  cancelled: msg`Cancelled`,
  refund_due: msg`Being refunded`,
  refunded: msg`Refunded`,
};

/** A date as "20 Oct 2024" in India time, in the page's language with Latin digits. */
function useFormatDate(): (iso: string) => string {
  const format = new Intl.DateTimeFormat(INTL_LOCALE[usePageLocale()], {
    timeZone: EVENT_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return (iso) => format.format(new Date(iso));
}

/** An attendee's category as the register page names it; the server's English name otherwise. */
function useRoleName(): (attendee: ManageAttendee) => string {
  const { i18n } = useLingui();
  return (attendee) => {
    const name = CATEGORY_NAMES[attendee.participantCategoryId as ParticipantCategoryId];
    return name ? i18n._(name) : attendee.role;
  };
}

/**
 * Which attendees each unpaid order could still be paid for: those without a pass, each under
 * its newest unpaid order only; and the person's registrations no order covers at all.
 */
function payable(overview: ManageOverview) {
  const byId = new Map(overview.attendees.map((a) => [a.id, a]));
  const covered = new Set<string>();
  const orders = new Map<string, ManageAttendee[]>();
  for (const order of overview.orders) {
    order.attendeeIds.forEach((id) => {
      if (!UNPAID.has(order.status)) covered.add(id);
    });
  }
  for (const order of overview.orders) {
    if (!UNPAID.has(order.status)) continue;
    const open = order.attendeeIds
      .map((id) => byId.get(id))
      .filter((a): a is ManageAttendee => a !== undefined && !a.hasPass && !covered.has(a.id));
    if (open.length > 0) orders.set(order.reference, open);
    open.forEach((a) => covered.add(a.id));
  }
  const lone = overview.attendees.filter(
    (a) => !a.hasPass && !covered.has(a.id) && a.email.toLowerCase() === overview.email,
  );
  return { orders, lone };
}

export function ManageDashboard({
  session,
  overview,
  onPay,
  onPayAgain,
  payPending,
  payError,
  ticketsFor,
  gstLabel,
  festival,
}: ManageDashboardProps) {
  const { t } = useLingui();
  const { orders: payableOrders, lone } = payable(overview);
  const names = new Map(overview.attendees.map((a) => [a.id, a.name]));
  return (
    <div className="grid gap-8">
      {festival}
      {payError ? <FormAlert>{payError}</FormAlert> : null}

      <Section title={t`Your orders`}>
        {overview.orders.length === 0 ? (
          <p className="text-slate-700">
            <Trans>You have no orders yet.</Trans>
          </p>
        ) : (
          <ul className="grid gap-4">
            {overview.orders.map((order) => (
              <li key={order.reference}>
                <OrderCard
                  session={session}
                  order={order}
                  attendeeNames={order.attendeeIds.map((id) => names.get(id) ?? '')}
                  payFor={payableOrders.get(order.reference)}
                  onPay={onPay}
                  onPayAgain={onPayAgain}
                  payPending={payPending}
                />
              </li>
            ))}
          </ul>
        )}
        {lone.map((attendee) => (
          <ChooseTicket
            key={attendee.id}
            attendee={attendee}
            tickets={ticketsFor(attendee.participantCategoryId)}
            gstLabel={gstLabel}
            onPay={onPay}
            payPending={payPending}
          />
        ))}
      </Section>

      <Section title={t`Attendees and passes`}>
        <ul className="grid gap-3">
          {overview.attendees.map((attendee) => (
            <li key={attendee.id}>
              <AttendeeRow session={session} attendee={attendee} ownEmail={overview.email} />
            </li>
          ))}
        </ul>
      </Section>

      <YourData session={session} deletionRequestedAt={overview.deletionRequestedAt} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function OrderCard({
  session,
  order,
  attendeeNames,
  payFor,
  onPay,
  onPayAgain,
  payPending,
}: {
  session: ManageSession;
  order: ManageOrder;
  attendeeNames: string[];
  payFor: ManageAttendee[] | undefined;
  onPay: (request: CheckoutRequest) => void;
  onPayAgain: (reference: string) => void;
  payPending: boolean;
}) {
  const { i18n, t } = useLingui();
  const formatDate = useFormatDate();
  const resend = useMutation({ mutationFn: () => resendPassEmail(session, order.reference) });
  const pdf = useMutation({
    mutationFn: async () =>
      saveFile(await fetchPassesPdf(session, order.reference), `passes-${order.reference}.pdf`),
  });
  return (
    <article
      aria-label={t`Order ${order.reference}`}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-mono text-base font-semibold text-slate-900">{order.reference}</h3>
        <p className="text-sm font-semibold text-slate-700">{i18n._(STATUS_LABEL[order.status])}</p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <ShownText
          translations={order.translations}
          field="tickets"
          english={formatTicketUnits(order.tickets)}
        />{' '}
        · {formatRupees(order.amount)} · <Trans>ordered {formatDate(order.createdAt)}</Trans>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>Attendees: {attendeeNames.join(', ')}</Trans>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {order.status === 'paid' ? (
          <>
            <Button
              variant="secondary"
              pending={pdf.isPending}
              pendingLabel={t`Preparing…`}
              onClick={() => pdf.mutate()}
            >
              <Trans>Download passes (PDF)</Trans>
            </Button>
            <Button
              variant="outline"
              pending={resend.isPending}
              pendingLabel={t`Sending…`}
              onClick={() => resend.mutate()}
            >
              <Trans>Email my passes again</Trans>
            </Button>
          </>
        ) : null}
        {order.canPayAgain ? (
          <Button
            pending={payPending}
            pendingLabel={t`Opening payment…`}
            onClick={() => onPayAgain(order.reference)}
            aria-label={t`Pay again for order ${order.reference}`}
          >
            <Trans>Pay again</Trans>
          </Button>
        ) : payFor ? (
          <Button
            pending={payPending}
            pendingLabel={t`Opening payment…`}
            onClick={() => onPay({ startupIds: payFor.map((a) => a.id), selectedTicket: order.ticketTypeId })}
          >
            <PayNowFor attendees={payFor} />
          </Button>
        ) : null}
      </div>
      {resend.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          <Trans>The passes are on their way to {resend.data}.</Trans>
        </p>
      ) : null}
      <FormAlert>{resend.error?.message ?? pdf.error?.message}</FormAlert>
    </article>
  );
}

/** "Pay now for Asha Patel", or for how many attendees when there are several. */
function PayNowFor({ attendees }: { attendees: ManageAttendee[] }) {
  const [first] = attendees;
  if (attendees.length === 1 && first) return <Trans>Pay now for {first.name}</Trans>;
  const count = attendees.length;
  return <Trans>Pay now for {count} attendees</Trans>;
}

function ChooseTicket({
  attendee,
  tickets,
  gstLabel,
  onPay,
  payPending,
}: {
  attendee: ManageAttendee;
  tickets: TicketType[] | undefined;
  gstLabel: ManageDashboardProps['gstLabel'];
  onPay: (request: CheckoutRequest) => void;
  payPending: boolean;
}) {
  const { t } = useLingui();
  const ticketText = useShownText();
  const roleName = useRoleName()(attendee);
  const onSale = (tickets ?? []).filter((ticket) => !ticket.soldOut && !ticket.salesEnded);
  const [ticketId, setTicketId] = useState('');
  const chosen = ticketId || (onSale[0] ? String(onSale[0]._id) : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onPay({ startupIds: [attendee.id], selectedTicket: Number(chosen) });
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t`Pay for ${attendee.name}`}
      className="mt-4 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <p className="text-slate-800">
        <Trans>
          <span className="font-semibold">{attendee.name}</span> ({roleName}) is registered but not paid yet.
        </Trans>
      </p>
      {tickets === undefined ? (
        <p className="text-sm text-slate-600">
          <Trans>Loading tickets…</Trans>
        </p>
      ) : onSale.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>No tickets are on sale for {roleName} attendees right now.</Trans>
        </p>
      ) : (
        <>
          <Select
            label={t`Ticket`}
            placeholder={t`Choose a ticket`}
            value={chosen}
            onChange={(event) => setTicketId(event.target.value)}
            options={onSale.map((ticket) => ({
              value: String(ticket._id),
              label: `${ticketText(ticket.translations, 'name', ticket.name)} — ${formatRupees(ticket.amount)} ${gstLabel(ticket.gst)}`,
            }))}
            className="sm:max-w-md"
          />
          <div>
            <Button type="submit" pending={payPending} pendingLabel={t`Opening payment…`} disabled={!chosen}>
              <Trans>Pay now</Trans>
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

function AttendeeRow({
  session,
  attendee,
  ownEmail,
}: {
  session: ManageSession;
  attendee: ManageAttendee;
  ownEmail: string;
}) {
  const { t } = useLingui();
  const roleName = useRoleName()(attendee);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(attendee.name);
  const queryClient = useQueryClient();
  const rename = useMutation({
    mutationFn: (next: string) => renameAttendee(session, attendee.id, next),
    onSuccess: async () => {
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: manageOverviewQueryOptions(session).queryKey });
    },
  });
  const fieldError = rename.error instanceof ApiError ? rename.error.fieldErrors.name : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(name);
  };
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-slate-900">{attendee.name}</p>
          <p className="text-sm break-all text-slate-700">
            {roleName} · {attendee.email}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {attendee.passCode ? (
              <Trans>
                Pass <span className="font-mono font-semibold">{attendee.passCode}</span>
              </Trans>
            ) : attendee.hasPass ? (
              <Trans>Has a pass</Trans>
            ) : (
              <Trans>No pass yet</Trans>
            )}
          </p>
        </div>
        {attendee.canRename && !editing ? (
          <Button
            variant="outline"
            onClick={() => setEditing(true)}
            aria-label={t`Correct name of ${attendee.name}`}
          >
            <Trans>Correct name</Trans>
          </Button>
        ) : null}
      </div>
      {editing ? (
        <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:max-w-md">
          <Input
            label={t`Name as it should be spelled`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={fieldError}
            autoComplete="name"
            required
          />
          <FormAlert>{fieldError ? undefined : rename.error?.message}</FormAlert>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="secondary" pending={rename.isPending} pendingLabel={t`Saving…`}>
              <Trans>Save name</Trans>
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setEditing(false);
                setName(attendee.name);
                rename.reset();
              }}
            >
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : null}
      <AttendeeAnswers session={session} attendee={attendee} />
      <TransferPass session={session} attendee={attendee} ownEmail={ownEmail} />
    </div>
  );
}

function YourData({
  session,
  deletionRequestedAt,
}: {
  session: ManageSession;
  deletionRequestedAt: string | null;
}) {
  const { t } = useLingui();
  const formatDate = useFormatDate();
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: async () => {
      const data = await exportMyData(session);
      saveFile(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        'my-festival-data.json',
      );
    },
  });
  const deletion = useMutation({
    mutationFn: () => requestDeletion(session),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: manageOverviewQueryOptions(session).queryKey });
    },
  });
  return (
    <Section title={t`Your data`}>
      <div className="grid gap-3 rounded-xl bg-white p-4 text-slate-700 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <p>
          <Trans>
            Under India&apos;s Digital Personal Data Protection Act 2023 you may see the personal data we hold
            about you and ask us to erase it.
          </Trans>
        </p>
        <div>
          <Button
            variant="outline"
            pending={download.isPending}
            pendingLabel={t`Preparing…`}
            onClick={() => download.mutate()}
          >
            <Trans>Download my data (JSON)</Trans>
          </Button>
        </div>
        <FormAlert>{download.error?.message}</FormAlert>
        <p>
          <Trans>
            Erasure: orders, payment records and invoices are kept for as long as Indian tax law requires: GST
            records for {TAX_RECORD_RETENTION.months} months after the annual return for their year is due
            (CGST Act, section 36). The organizers erase the rest: your registration details, phone number,
            address and uploaded files.
          </Trans>
        </p>
        {deletionRequestedAt ? (
          <p role="status" className="font-semibold text-slate-900">
            <Trans>
              You asked for erasure on {formatDate(deletionRequestedAt)}. The organizers have your request.
            </Trans>
          </p>
        ) : (
          <div>
            <Button variant="outline" onClick={() => setConfirming(true)}>
              <Trans>Ask for my data to be erased</Trans>
            </Button>
          </div>
        )}
      </div>
      <Dialog
        closeLabel={t`Close`}
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Erase my data?`}
        description={t`The organizers will erase your personal data, keeping only what tax law requires (orders, payments and invoices).`}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              <Trans>Keep my data</Trans>
            </Button>
            <Button
              variant="secondary"
              pending={deletion.isPending}
              pendingLabel={t`Sending…`}
              onClick={() => deletion.mutate()}
            >
              <Trans>Ask for erasure</Trans>
            </Button>
          </>
        }
      >
        <p className="text-slate-700">
          <Trans>We record your request; the organizers see it and act on it.</Trans>
        </p>
        <FormAlert>{deletion.error?.message}</FormAlert>
      </Dialog>
    </Section>
  );
}
