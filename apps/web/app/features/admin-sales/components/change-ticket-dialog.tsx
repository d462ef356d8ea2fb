/**
 * Changing one attendee's ticket in the console: the server's quote lists every ticket of their
 * category with its price, the difference from what was paid, the GST of the note it issues and
 * the seats left (a ticket that cannot be chosen says why); the organizer picks one, gives a
 * reason and, when money moves by bank, its UTR, and sees what will happen before confirming.
 */
import {
  ChangeTicketTypeRequestSchema,
  type OrderDetail,
  type TicketChangeOption,
  type TicketChangeQuote,
} from '@festival/shared';
import { clsx } from 'clsx';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert } from '~/components/ui/field';
import { LoadingSkeleton } from '~/components/ui/load-state';
import { formatPaise } from '~/components/console/format';
import { useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { errorMessage } from '~/lib/console/admin-client';
import { ReasonFields } from './reason-fields';
import { useChangeTicketType, useTicketChangeQuote } from '../api/order-changes';

type Attendee = OrderDetail['attendees'][number];

// The bank reference is needed only for some tickets, so the form checks it on submit
// (`referenceNeeded`) with the request schema's own rule and message.
const FormSchema = z.object({
  ticketTypeId: ChangeTicketTypeRequestSchema.shape.ticketTypeId,
  reason: ChangeTicketTypeRequestSchema.shape.reason,
  bankReference: z.string(),
});
const BankReferenceSchema = ChangeTicketTypeRequestSchema.shape.bankReference.unwrap();

/** Whether moving to `option` moves money by bank: an upgrade's transfer in, or a refund of a bank-paid order. */
const referenceNeeded = (quote: TicketChangeQuote, option: TicketChangeOption | undefined) =>
  option !== undefined && (option.difference > 0 || (option.difference < 0 && quote.paidOffline));

/** "+₹590.00 to collect", "₹590.00 back", "Same price". */
function differenceWords(difference: number): string {
  if (difference > 0) return `${formatPaise(difference)} more to collect`;
  if (difference < 0) return `${formatPaise(-difference)} back to the buyer`;
  return 'Same price';
}

/** The GST in a difference, as its note will state it: "₹500.00 + CGST ₹45.00 + SGST ₹45.00". */
function gstWords(gst: NonNullable<TicketChangeOption['gst']>): string {
  const taxes = [
    gst.cgst ? `CGST ${formatPaise(gst.cgst)}` : null,
    gst.sgst ? `SGST ${formatPaise(gst.sgst)}` : null,
    gst.igst ? `IGST ${formatPaise(gst.igst)}` : null,
  ].filter(Boolean);
  return [`${formatPaise(gst.taxable)} taxable value`, ...taxes].join(' + ');
}

export function ChangeTicketDialog({
  order,
  attendee,
  onClose,
  onDone,
}: {
  order: OrderDetail;
  attendee: Attendee;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const quote = useTicketChangeQuote(order.reference, attendee.registrationId, true);
  const change = useChangeTicketType(order.reference, attendee.registrationId);
  const form = useZodForm(FormSchema, { defaultValues: { ticketTypeId: '', reason: '', bankReference: '' } });
  const formId = `change-ticket-${attendee.registrationId}`;
  const chosenId = Number(form.watch('ticketTypeId'));
  const chosen = quote.data?.options.find((option) => option.ticketTypeId === chosenId);

  const { onSubmit, failure } = useServerSubmit(form, async (values) => {
    if (!quote.data) return;
    const option = quote.data.options.find((row) => row.ticketTypeId === values.ticketTypeId);
    let bankReference: string | undefined;
    if (referenceNeeded(quote.data, option)) {
      const checked = BankReferenceSchema.safeParse(values.bankReference);
      if (!checked.success) {
        form.setError('bankReference', { type: 'required', message: checked.error.issues[0]?.message });
        form.setFocus('bankReference');
        return;
      }
      bankReference = checked.data;
    }
    const result = await change.mutateAsync({
      ticketTypeId: values.ticketTypeId,
      reason: values.reason,
      bankReference,
    });
    const money =
      result.collected > 0
        ? `; ${formatPaise(result.collected)} recorded as received${result.debitNote ? `, debit note ${result.debitNote}` : ''}`
        : result.refund > 0
          ? `; ${formatPaise(result.refund)} ${quote.data.paidOffline ? 'refund recorded' : 'refund requested'}${result.creditNote ? `, credit note ${result.creditNote}` : ''}`
          : '';
    onDone(`${attendee.name} now holds ${result.ticketName} with the same pass ${result.passCode}${money}.`);
    onClose();
  });

  const submitLabel = !chosen
    ? 'Change ticket'
    : chosen.difference > 0
      ? `Change ticket, ${formatPaise(chosen.difference)} received`
      : chosen.difference < 0
        ? `Change ticket and refund ${formatPaise(-chosen.difference)}`
        : 'Change ticket';

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Change ${attendee.name}’s ticket`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep the ticket
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            disabled={!chosen || chosen.refusal !== null}
            pending={change.isPending}
            pendingLabel="Changing…"
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      {quote.isPending ? (
        <LoadingSkeleton label="Working out the prices…" />
      ) : quote.error ? (
        <FormAlert>{errorMessage(quote.error)}</FormAlert>
      ) : (
        <form id={formId} noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <p className="text-sm text-slate-800">
            Now <strong>{quote.data.current.name}</strong>
            {quote.data.comp
              ? ' (a comp: no money changes hands)'
              : `, paid ${formatPaise(quote.data.current.total)}`}
            {quote.data.groupSize > 1 ? ` (one of ${quote.data.groupSize} passes bought together)` : ''}.
          </p>
          {quote.data.options.length === 0 ? (
            <p className="text-sm text-slate-700">No other ticket is sold to this attendee’s category.</p>
          ) : (
            <TicketOptions form={form} options={quote.data.options} />
          )}
          {chosen && chosen.refusal === null ? (
            <ChangeSummary quote={quote.data} option={chosen} attendee={attendee} />
          ) : null}
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <ReasonFields
            form={form}
            hint="Kept in the audit log."
            transfer={
              referenceNeeded(quote.data, chosen)
                ? chosen && chosen.difference > 0
                  ? 'payment'
                  : 'refund'
                : null
            }
          />
        </form>
      )}
    </Dialog>
  );
}

function TicketOptions({
  form,
  options,
}: {
  form: ReturnType<typeof useZodForm<typeof FormSchema>>;
  options: TicketChangeOption[];
}) {
  const error = form.formState.errors.ticketTypeId?.message;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'change-ticket-choice-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-900">
        New ticket
        <span aria-hidden="true" className="ml-0.5 text-red-600">
          *
        </span>
      </legend>
      {options.map((option) => (
        <label
          key={option.ticketTypeId}
          className={clsx(
            'flex gap-3 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-slate-900',
            option.refusal ? 'cursor-not-allowed bg-slate-50 text-slate-500' : 'cursor-pointer',
          )}
        >
          <input
            type="radio"
            value={option.ticketTypeId}
            disabled={option.refusal !== null}
            className="mt-1 size-4 shrink-0 accent-slate-900"
            {...form.register('ticketTypeId')}
          />
          <span className="grid min-w-0 gap-0.5">
            <span className="font-semibold text-slate-900">{option.name}</span>
            <span className="text-slate-700">
              {formatPaise(option.total)} · {differenceWords(option.difference)} · {option.seatsLeft}{' '}
              {option.seatsLeft === 1 ? 'seat' : 'seats'} left
            </span>
            {option.refusal ? <span className="text-amber-800">{option.refusal}</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p id="change-ticket-choice-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ChangeSummary({
  quote,
  option,
  attendee,
}: {
  quote: TicketChangeQuote;
  option: TicketChangeOption;
  attendee: Attendee;
}) {
  const amount = formatPaise(Math.abs(option.difference));
  return (
    <div className="grid gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-800" aria-live="polite">
      {option.difference > 0 ? (
        <p>
          Collect <strong>{amount}</strong> from the buyer by bank transfer first, then enter its UTR.
          {quote.invoice && option.gst
            ? ` A debit note for ${amount} (${gstWords(option.gst)}) is issued against invoice ${quote.invoice}.`
            : ''}
        </p>
      ) : option.difference < 0 ? (
        <p>
          <strong>{amount}</strong> goes back to the buyer
          {quote.paidOffline
            ? ' by bank transfer, which you make and record here'
            : ' through the payment provider'}
          {quote.invoice && option.gst
            ? `, with a credit note for ${amount} (${gstWords(option.gst)}) against invoice ${quote.invoice}`
            : ''}
          .
        </p>
      ) : (
        <p>No money changes hands.</p>
      )}
      <p>
        Pass <span className="font-mono font-semibold">{quote.passCode}</span> keeps its code and admits as{' '}
        {option.name} at once (the scanners after their next sync). Its QR code is new: {attendee.name} is
        emailed the pass again, and the old QR code no longer scans. The {quote.current.name} seat goes back
        on sale, to the waiting list first.
      </p>
      {quote.groupSize > 1 ? (
        <p>
          Only this attendee changes: the order gets a line of 1 × {option.name} for them, and the other{' '}
          {quote.groupSize === 2
            ? `pass keeps ${quote.current.name} and its QR code`
            : `${quote.groupSize - 1} passes keep ${quote.current.name} and their QR codes`}
          .
        </p>
      ) : null}
      {quote.checkedIn ? (
        <p className="font-semibold text-amber-800">This pass was already scanned in at the gate.</p>
      ) : null}
    </div>
  );
}
