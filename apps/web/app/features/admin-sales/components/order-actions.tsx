/**
 * What organizers do to an order, each offered only to the roles the server allows and only while
 * the order's status permits it (the server checks both again): cancel an unpaid order; record a
 * bank transfer; refund in full or in part with a reason, confirming first what happens to the
 * passes; resend the confirmation email.
 */
import {
  OfflinePaymentRequestSchema,
  OrganizerRefundRequestSchema,
  type OrderDetail,
  type OrganizerRole,
} from '@festival/shared';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { formatPaise } from '~/components/console/format';
import { applyServerErrors, FormInput, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { ReasonFields } from './reason-fields';
import {
  useCancelOrder,
  useRecordOfflinePayment,
  useRefundOrder,
  useResendConfirmation,
} from '../api/orders';
import { paiseToRupeesText, rupeesToPaise } from '../lib/values';

const UNPAID = new Set(['pending', 'expired', 'failed']);

/** Which actions `role` may take on `order` now. */
export function orderActionsFor(order: OrderDetail, role: OrganizerRole) {
  const unpaid = UNPAID.has(order.status);
  return {
    cancel: unpaid && (role === 'owner' || role === 'manager'),
    offlinePayment: unpaid && (role === 'owner' || role === 'manager' || role === 'finance'),
    refund: order.status === 'paid' && order.refundable > 0 && (role === 'owner' || role === 'finance'),
    resend: order.status === 'paid' && (role === 'owner' || role === 'manager' || role === 'finance'),
  };
}

/** An amount typed in rupees, checked as paise by `paise` (the shared schema's rule). */
const rupees = (paise: z.ZodType<number, number>, empty: string) =>
  z
    .string()
    .trim()
    .min(1, empty)
    .transform(rupeesToPaise)
    .refine((value) => !Number.isNaN(value), 'Enter an amount in rupees, e.g. 500 or 499.50')
    .pipe(paise);

export function OrderActions({ order, role }: { order: OrderDetail; role: OrganizerRole }) {
  const allowed = orderActionsFor(order, role);
  // Stays mounted when the last action goes away (a full refund), so its outcome stays announced.
  const [notice, setNotice] = useState('');
  return (
    <section aria-label="Order actions" className="mb-5">
      {Object.values(allowed).some(Boolean) ? (
        <div className="flex flex-wrap gap-3">
          {allowed.refund ? <RefundAction order={order} onDone={setNotice} /> : null}
          {allowed.offlinePayment ? <OfflinePaymentAction order={order} onDone={setNotice} /> : null}
          {allowed.resend ? <ResendAction order={order} onDone={setNotice} /> : null}
          {allowed.cancel ? <CancelAction order={order} onDone={setNotice} /> : null}
        </div>
      ) : null}
      <p role="status" className="mt-2 text-sm text-emerald-800 empty:hidden">
        {notice}
      </p>
    </section>
  );
}

type ActionProps = { order: OrderDetail; onDone: (notice: string) => void };

function RefundAction({ order, onDone }: ActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Refund
      </Button>
      {open ? <RefundDialog order={order} onClose={() => setOpen(false)} onDone={onDone} /> : null}
    </>
  );
}

function RefundDialog({ order, onClose, onDone }: ActionProps & { onClose: () => void }) {
  const refund = useRefundOrder(order.reference);
  const [confirming, setConfirming] = useState<{
    amount: number;
    reason: string;
    bankReference?: string | undefined;
  } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = z.object({
    amount: rupees(
      OrganizerRefundRequestSchema.shape.amount.max(
        order.refundable,
        `At most ${formatPaise(order.refundable)} can still be refunded`,
      ),
      'Enter the amount to refund',
    ),
    reason: OrganizerRefundRequestSchema.shape.reason,
    // An order paid by bank transfer is refunded by bank transfer, recorded with its reference.
    bankReference: order.paidOffline
      ? OrganizerRefundRequestSchema.shape.bankReference.unwrap()
      : z
          .string()
          .optional()
          .transform(() => undefined),
  });
  const form = useZodForm(schema, {
    defaultValues: { amount: paiseToRupeesText(order.refundable), reason: '', bankReference: '' },
  });
  const formId = `refund-${order.reference}`;
  const passCount = order.attendees.filter((attendee) => attendee.passCode && !attendee.passRevoked).length;

  const confirm = () => {
    if (!confirming) return;
    setFormError(null);
    refund.mutate(confirming, {
      onSuccess: () => {
        onDone(
          order.paidOffline
            ? `Refund of ${formatPaise(confirming.amount)} recorded.`
            : `Refund of ${formatPaise(confirming.amount)} requested.`,
        );
        onClose();
      },
      onError: (error) => {
        setConfirming(null);
        setFormError(applyServerErrors(form, error));
      },
    });
  };

  const full = confirming !== null && confirming.amount === order.refundable;
  return (
    <>
      <Dialog
        open={confirming === null}
        onOpenChange={(open) => (open ? undefined : onClose())}
        title="Refund this order"
        description={
          order.paidOffline
            ? `${order.reference} was paid by bank transfer: return up to ${formatPaise(order.refundable)} by bank transfer, then record it here with its reference.`
            : `${order.reference}: ${formatPaise(order.refundable)} can still be refunded through the payment provider.`
        }
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="secondary">
              Continue
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          className="grid gap-4"
          onSubmit={(event) => void form.handleSubmit((values) => setConfirming(values))(event)}
        >
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormInput
            form={form}
            name="amount"
            label="Amount to refund"
            prefix="₹"
            inputMode="decimal"
            required
            hint={`Everything left is ${formatPaise(order.refundable)}; a smaller amount refunds part of the order.`}
          />
          <ReasonFields
            form={form}
            hint="Kept with the refund and in the audit log."
            transfer={order.paidOffline ? 'refund' : null}
          />
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={full ? 'Refund the whole order?' : 'Refund part of the order?'}
        description={
          confirming
            ? full
              ? `${formatPaise(confirming.amount)} goes back to the buyer. This is everything left to refund, so the order's ${passCount} ${passCount === 1 ? 'pass stops' : 'passes stop'} being valid at once and cannot be used at the gate.`
              : `${formatPaise(confirming.amount)} goes back to the buyer. The passes stay valid (to stop one attendee's pass, use Cancel attendee instead); ${formatPaise(order.refundable - confirming.amount)} can still be refunded later.`
            : ''
        }
        confirmLabel={`Refund ${confirming ? formatPaise(confirming.amount) : ''}`}
        onConfirm={confirm}
        pending={refund.isPending}
      />
    </>
  );
}

function OfflinePaymentAction({ order, onDone }: ActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Record bank transfer
      </Button>
      {open ? <OfflinePaymentDialog order={order} onClose={() => setOpen(false)} onDone={onDone} /> : null}
    </>
  );
}

function OfflinePaymentDialog({ order, onClose, onDone }: ActionProps & { onClose: () => void }) {
  const record = useRecordOfflinePayment(order.reference);
  const schema = z.object({
    amount: rupees(OfflinePaymentRequestSchema.shape.amount, 'Enter the amount received'),
    reference: OfflinePaymentRequestSchema.shape.reference,
    note: OfflinePaymentRequestSchema.shape.note,
  });
  const form = useZodForm(schema, {
    defaultValues: { amount: paiseToRupeesText(order.amount), reference: '', note: '' },
  });
  const formId = `offline-${order.reference}`;
  const { onSubmit, failure: formError } = useServerSubmit(form, async (values) => {
    await record.mutateAsync(values);
    onDone('Bank transfer recorded: the order is paid and its passes are being emailed.');
    onClose();
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Record a bank transfer"
      description={`The order total is ${formatPaise(order.amount)}. Recording the transfer marks the order paid and issues its passes, as an online payment would.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            pending={record.isPending}
            pendingLabel="Recording…"
          >
            Record payment
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <FormInput
          form={form}
          name="amount"
          label="Amount received"
          prefix="₹"
          inputMode="decimal"
          required
        />
        <FormInput form={form} name="reference" label="Bank reference (UTR)" required autoComplete="off" />
        <FormInput form={form} name="note" label="Note" required hint="Who paid, from which account." />
      </form>
    </Dialog>
  );
}

function ResendAction({ order, onDone }: ActionProps) {
  const resend = useResendConfirmation(order.reference);
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <Button
        variant="outline"
        pending={resend.isPending}
        pendingLabel="Sending…"
        onClick={() => {
          setError(null);
          resend.mutate(undefined, {
            onSuccess: (data) => onDone(`Confirmation queued for ${data.recipient}.`),
            onError: (failure) => setError(errorMessage(failure)),
          });
        }}
      >
        Resend confirmation
      </Button>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}

function CancelAction({ order, onDone }: ActionProps) {
  const cancel = useCancelOrder(order.reference);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) cancel.reset();
        }}
        title="Cancel this unpaid order?"
        description={`${order.reference}: its ${order.quantity} reserved ${order.quantity === 1 ? 'seat returns' : 'seats return'} to sale at once. If a payment still arrives for it, it is refunded automatically.`}
        confirmLabel="Cancel order"
        pending={cancel.isPending}
        error={cancel.error ? errorMessage(cancel.error) : null}
        onConfirm={() =>
          cancel.mutate(
            {},
            {
              onSuccess: () => {
                setOpen(false);
                onDone('Order cancelled.');
              },
            },
          )
        }
      />
    </>
  );
}
