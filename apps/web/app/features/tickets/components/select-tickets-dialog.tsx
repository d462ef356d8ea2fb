/**
 * The Select Tickets dialog of /register. The attendee picks one ticket type (a radio group:
 * arrow keys move, Space picks). A pass is sold per attendee (one each, as the spec says); a
 * stall package per company (one per order, its included passes covering the attendees). Each
 * price says whether GST is in it; the picked ticket's base price, CGST and SGST (or IGST) and
 * total come from the server, computed as checkout will. A buyer may ask for a GST invoice with
 * their company's GSTIN and apply a voucher code, which the server checks and prices the quote
 * with. Sold-out and sales-ended ticket types, and stalls with too few passes for the attendees,
 * are shown but cannot be picked, except that a sold-out type can be picked once a voucher code
 * is applied: a voucher may hold seats for its holder (a waiting-list offer), and the server
 * decides. A sold-out type offers its waiting list.
 */
import { formatRupees, type GstInvoiceRequest, type TicketType } from '@festival/shared';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { RadioGroup } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { ShownText, useShownText } from '~/components/shown-text';
import { Button } from '~/components/ui/button';
import { Checkbox, Input } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { gstLabel } from '~/lib/ticket-price-notes';
import { listPriceNote, packagePassesNote } from '~/lib/ticket-price-notes';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert } from '~/components/ui/field';
import { Spinner } from '~/components/ui/spinner';
import { usePriceQuote } from '../api/quote-price';
import { validGstin } from '~/lib/gstin-state';
import { GstInvoiceFields, useGstInvoiceForm } from './gst-invoice-fields';
import { PriceBreakdown } from './price-breakdown';
import { WaitingListJoin } from './waiting-list-join';

export interface SelectTicketsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The current tab's ticket types; undefined while loading. */
  tickets: TicketType[] | undefined;
  loadFailed: boolean;
  /** Number of registered attendees: each gets a pass. */
  quantity: number;
  /** `gstInvoice` when the buyer asked for a GST invoice; `voucherCode` when they applied one. */
  onCheckout: (ticketTypeId: number, gstInvoice?: GstInvoiceRequest, voucherCode?: string) => void;
  checkoutPending: boolean;
  /** A checkout problem to show inside the dialog (e.g. the server could not be reached). */
  checkoutError?: string | undefined;
  /** Shown above the list while an order holds seats (the checkout feature's countdown). */
  reservation?: ReactNode;
}

/** Seats left at or below which the card says "Only N left". */
const LOW_AVAILABILITY = 5;

/** Units an order of `attendees` buys: a pass each, or one stall package (orders service `unitsToBuy`). */
const unitsFor = (ticket: TicketType, attendees: number) => (ticket.soldPer === 'company' ? 1 : attendees);

/**
 * On sale, with a unit left for the order, and a stall's passes enough for every attendee
 * (the server checks again under a lock).
 */
const isPickable = (ticket: TicketType, attendees: number, voucherApplied: boolean) =>
  !ticket.salesEnded &&
  (voucherApplied || (!ticket.soldOut && ticket.available >= unitsFor(ticket, attendees))) &&
  (ticket.soldPer === 'attendee' || ticket.passesIncluded >= attendees);

/** Sold out (or too few left for the order) while still on sale: its waiting list is open. */
const canWait = (ticket: TicketType, attendees: number) =>
  !ticket.salesEnded && ticket.available < unitsFor(ticket, attendees);

/** What the total buys, in words (`name`: the ticket's in the page's language): "2 × Investor Pass at …" and the like. */
function whatItBuys(ticket: TicketType, attendees: number, i18n: I18n, name: string): string {
  if (ticket.soldPer === 'company') {
    const passes = i18n._(msg`${plural(ticket.passesIncluded, { one: '# pass', other: '# passes' })}`);
    const people = i18n._(msg`${plural(attendees, { one: '# attendee', other: '# attendees' })}`);
    return i18n._(msg`One ${name} for your company, with ${passes}: a pass for each of your ${people}.`);
  }
  const price = formatRupees(ticket.amount);
  const gst = gstLabel(ticket.gst, i18n);
  return i18n._(msg`${attendees} × ${name} at ${price} ${gst}: one pass for each attendee.`);
}

export function SelectTicketsDialog({
  open,
  onOpenChange,
  tickets,
  loadFailed,
  quantity,
  onCheckout,
  checkoutPending,
  checkoutError,
  reservation,
}: SelectTicketsDialogProps) {
  const { i18n, t } = useLingui();
  const ticketText = useShownText();
  const [pickedId, setPickedId] = useState<string>('');
  const [codeText, setCodeText] = useState('');
  const [voucherCode, setVoucherCode] = useState<string>();
  // A refreshed list may have sold the picked ticket out; then nothing is picked any more.
  const picked = tickets?.find(
    (ticket) => String(ticket._id) === pickedId && isPickable(ticket, quantity, voucherCode !== undefined),
  );
  const waitable = tickets?.filter((ticket) => canWait(ticket, quantity)) ?? [];
  const [wantsInvoice, setWantsInvoice] = useState(false);
  const invoiceForm = useGstInvoiceForm();
  const gstin = wantsInvoice ? validGstin(invoiceForm.watch('gstin')) : undefined;
  const quote = usePriceQuote(
    picked
      ? {
          selectedTicket: picked._id,
          quantity,
          ...(gstin ? { gstin } : {}),
          ...(voucherCode ? { voucherCode } : {}),
        }
      : undefined,
  );
  // The quote line's parts, named for its message.
  const units = quote.data?.units;
  const pickedName = picked ? ticketText(picked.translations, 'name', picked.name) : undefined;
  const unitPrice = quote.data ? formatRupees(quote.data.unitAmount) : '';
  const regularPrice = quote.data ? formatRupees(quote.data.regularUnitAmount) : '';
  const voucherError =
    voucherCode && quote.error instanceof ApiError ? quote.error.fieldErrors.voucherCode : undefined;
  const applyVoucher = () => {
    const code = codeText.trim().toUpperCase();
    setVoucherCode(code || undefined);
  };
  const checkoutPicked = () => {
    if (!picked) return;
    if (!wantsInvoice) {
      onCheckout(picked._id, undefined, voucherCode);
      return;
    }
    void invoiceForm.handleSubmit((gstInvoice) => onCheckout(picked._id, gstInvoice, voucherCode))();
  };

  return (
    <Dialog
      closeLabel={t`Close`}
      open={open}
      onOpenChange={onOpenChange}
      title={t`Select Tickets`}
      description={
        quantity === 1
          ? t`Choose one ticket type for your attendee.`
          : t`Choose one ticket type for all ${quantity} attendees.`
      }
      footer={
        <>
          <div className="mr-auto grid gap-1 text-sm">
            <dl className="flex gap-5">
              <div>
                <dt className="text-slate-600">
                  <Trans>Attendees</Trans>
                </dt>
                <dd className="font-semibold text-slate-900" data-testid="ticket-quantity">
                  {quantity}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">
                  {picked && quote.data && quote.data.rateBp > 0 ? (
                    <Trans>Total incl. GST</Trans>
                  ) : (
                    <Trans>Total</Trans>
                  )}
                </dt>
                <dd className="font-semibold text-slate-900" data-testid="ticket-total">
                  {picked && quote.data ? formatRupees(quote.data.total) : '—'}
                </dd>
              </div>
            </dl>
            <p className="max-w-sm text-slate-700" data-testid="ticket-buys" aria-live="polite">
              {picked
                ? whatItBuys(picked, quantity, i18n, ticketText(picked.translations, 'name', picked.name))
                : null}
            </p>
          </div>
          <Button
            disabled={!picked || voucherError !== undefined}
            pending={checkoutPending}
            pendingLabel={t`Starting payment…`}
            onClick={checkoutPicked}
          >
            <Trans>Checkout</Trans>
          </Button>
        </>
      }
    >
      {reservation}
      {checkoutError ? (
        <div className="mb-4">
          <FormAlert>{checkoutError}</FormAlert>
        </div>
      ) : null}
      {tickets === undefined ? (
        loadFailed ? (
          <FormAlert>
            <Trans>The ticket list could not be loaded. Close this dialog and try again.</Trans>
          </FormAlert>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> <Trans>Loading tickets…</Trans>
          </p>
        )
      ) : tickets.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>No tickets are on sale for this category right now.</Trans>
        </p>
      ) : (
        <RadioGroup.Root
          value={pickedId}
          onValueChange={setPickedId}
          aria-label={t`Ticket type`}
          className="grid gap-3"
        >
          {tickets.map((ticket) => (
            <TicketOption
              key={ticket._id}
              ticket={ticket}
              quantity={quantity}
              voucherApplied={voucherCode !== undefined}
            />
          ))}
        </RadioGroup.Root>
      )}
      {tickets && tickets.length > 0 ? (
        <div className="mt-4 grid gap-3" aria-live="polite">
          <div className="flex flex-wrap items-end gap-2">
            <Input
              label={t`Voucher code`}
              hint={t`Optional`}
              value={codeText}
              autoComplete="off"
              autoCapitalize="characters"
              error={voucherError}
              className="min-w-0 flex-1"
              onChange={(event) => setCodeText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyVoucher();
                }
              }}
            />
            <Button variant="outline" className={voucherError ? 'mb-7' : undefined} onClick={applyVoucher}>
              <Trans>Apply</Trans>
            </Button>
          </div>
          {voucherCode && !picked ? (
            <p role="status" className="text-sm text-slate-700">
              <Trans>Now choose the ticket your voucher {voucherCode} is for.</Trans>
            </p>
          ) : null}
          {picked && voucherCode && quote.data && !voucherError ? (
            <p role="status" className="text-sm font-medium text-green-800">
              <Trans>Voucher {voucherCode} applied.</Trans>
            </p>
          ) : null}
          {!picked || voucherError ? null : quote.data ? (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-slate-700" data-testid="quote-line">
                {quote.data.unitAmount < quote.data.regularUnitAmount ? (
                  <Trans>
                    {units} × {pickedName} at <strong className="text-slate-900">{unitPrice}</strong> (
                    <s>
                      <span className="sr-only">was </span>
                      {regularPrice}
                    </s>{' '}
                    with voucher {voucherCode})
                  </Trans>
                ) : (
                  <Trans>
                    {units} × {pickedName} at <strong className="text-slate-900">{unitPrice}</strong>
                  </Trans>
                )}{' '}
                {gstLabel(picked.gst, i18n)}
              </p>
              <PriceBreakdown tax={quote.data} />
            </div>
          ) : quote.isError ? (
            <FormAlert>
              <Trans>The price could not be loaded. The server prices the order at checkout.</Trans>
            </FormAlert>
          ) : (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner /> <Trans>Working out the GST…</Trans>
            </p>
          )}
          {picked ? (
            <>
              <Checkbox
                label={t`I need a GST invoice (for input tax credit)`}
                checked={wantsInvoice}
                onChange={(event) => setWantsInvoice(event.target.checked)}
              />
              {wantsInvoice ? <GstInvoiceFields form={invoiceForm} /> : null}
            </>
          ) : null}
        </div>
      ) : null}
      {waitable.length > 0 ? (
        <section className="mt-6 grid gap-3" aria-labelledby="waiting-list-heading">
          <h3 id="waiting-list-heading" className="font-semibold text-slate-900">
            <Trans>Sold out? Join the waiting list</Trans>
          </h3>
          <p className="text-sm text-slate-700">
            <Trans>
              When seats come back, the first in line gets an email with a personal voucher code that holds
              them for a while. Enter the code above to buy.
            </Trans>
          </p>
          {waitable.map((ticket) => (
            <WaitingListJoin key={ticket._id} ticket={ticket} seats={unitsFor(ticket, quantity)} />
          ))}
        </section>
      ) : null}
    </Dialog>
  );
}

function TicketOption({
  ticket,
  quantity,
  voucherApplied,
}: {
  ticket: TicketType;
  quantity: number;
  voucherApplied: boolean;
}) {
  const { i18n, t } = useLingui();
  const pickable = isPickable(ticket, quantity, voucherApplied);
  const available = ticket.available;
  const status = ticket.salesEnded
    ? t`Sales ended`
    : ticket.soldOut
      ? t`Sold out`
      : ticket.soldPer === 'company' && ticket.passesIncluded < quantity
        ? t`${plural(ticket.passesIncluded, { one: 'Includes # pass', other: 'Includes # passes' })}: not enough for ${quantity} attendees`
        : ticket.available < unitsFor(ticket, quantity)
          ? t`Only ${available} left: not enough for ${quantity} attendees`
          : null;
  const soldAs =
    ticket.soldPer === 'company'
      ? `${t`Per company, one per order.`} ${packagePassesNote(ticket, i18n)}`
      : t`Per attendee · one pass each`;
  const note = listPriceNote(ticket, i18n);
  return (
    <RadioGroup.Item
      value={String(ticket._id)}
      disabled={!pickable}
      className={clsx(
        'group relative flex w-full items-start gap-3 rounded-xl border-2 p-4 text-left transition-colors',
        'data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-50',
        pickable
          ? 'border-slate-200 bg-white hover:border-brand-200'
          : 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-70',
      )}
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-slate-300 group-data-[state=checked]:border-brand-600"
      >
        <RadioGroup.Indicator className="size-2.5 rounded-full bg-brand-600" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <ShownText
            translations={ticket.translations}
            field="name"
            english={ticket.name}
            className="font-semibold text-slate-900"
          />
          <span className="flex items-baseline gap-2">
            {ticket.listPrice !== null && ticket.listPrice > ticket.amount ? (
              <s className="text-sm text-slate-600">
                <span className="sr-only">
                  <Trans>was</Trans>{' '}
                </span>
                {formatRupees(ticket.listPrice)}
              </s>
            ) : null}
            <span className="text-lg font-bold text-brand-800">{formatRupees(ticket.amount)}</span>
            <span className="text-xs font-medium text-slate-600">{gstLabel(ticket.gst, i18n)}</span>
          </span>
        </span>
        {note ? <span className="mt-1 block text-sm font-semibold text-accent-800">{note}</span> : null}
        <span className="mt-1 block text-sm font-medium text-brand-800">{soldAs}</span>
        {ticket.remarks ? (
          <ShownText
            translations={ticket.translations}
            field="remarks"
            english={ticket.remarks}
            className="mt-1 block text-sm text-slate-600"
          />
        ) : null}
        {status ? (
          <span className="mt-2 inline-block rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
            {status}
          </span>
        ) : ticket.available <= LOW_AVAILABILITY ? (
          <span className="mt-2 inline-block text-xs font-medium text-accent-700">
            <Trans>Only {available} left</Trans>
          </span>
        ) : null}
      </span>
    </RadioGroup.Item>
  );
}
